// The WordPress plug-in (wordpress/linker), installed from the built zip in a real WordPress from Debian's packages:
// in Chromium, the block editor's "Linker" sidebar lists suggestions for the post being typed and Insert links the
// phrase in the post's paragraph block, which WordPress then saves; over HTTP as an author's requests, the plug-in
// keeps the Linker server's index current (publish, slug change, trash, restore, the server down and back), its
// settings page tests the connection, a save's cost is measured, and the whole-site sync sends a few hundred posts.
// Skipped (with the reason) where the Debian packages wordpress, mariadb-server, php-cli and php-mysql are not
// installed, unless LINKER_REQUIRE_WORDPRESS=1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitForSuggestions, mark, find, screenshot, pageByPath, ROOT } from './support/harness.js';
import { startProxy } from './support/proxy.js';
import { missingPackages, startWordPress, pluginZip, adminSession, until } from './support/wordpress.js';

// The last sentence never names a page: both servers rank one for it that no phrase fits (added as a new link).
const DRAFT = 'Good espresso extraction depends on a burr grinder, because a blade grinder makes uneven grounds. '
  + 'I keep an eye on water chemistry too. I buy a fresh bag every week from a local roaster, keep it airtight, away '
  + 'from light and heat, and freeze what I will not use within a month.';
const missing = await missingPackages();
const skip = missing && process.env.LINKER_REQUIRE_WORDPRESS !== '1'
  ? `Debian packages missing (${missing.join(', ')}): apt-get install wordpress mariadb-server php-cli php-mysql` : false;

let server;
let proxy;
let wp;
let browser;
before(async () => {
  if (skip) return;
  server = await startServer();
  proxy = await startProxy(server.url); // WordPress asks the server through it, so a test can take the server away
  const t0 = Date.now();
  wp = await startWordPress({ endpoint: proxy.url, zip: await pluginZip() });
  console.log(`# wordpress: started and the plug-in installed from its zip in ${Date.now() - t0} ms`);
  // What a multilingual site with a custom post type has, as a must-use plug-in: Polylang's pll_get_post_language()
  // (neither Polylang nor WPML can be installed here) answering from a post meta, a public post type "recipe" with
  // the Classic editor (as the Classic Editor plug-in or a theme's use_block_editor_for_post_type filter gives).
  const mu = path.join(wp.www, 'wp-content', 'mu-plugins');
  await mkdir(mu, { recursive: true });
  await writeFile(path.join(mu, 'linker-test-fixture.php'), `<?php
function pll_get_post_language( $post_id, $field = 'slug' ) {
	$locale = get_post_meta( $post_id, '_test_locale', true );
	if ( ! $locale ) {
		return false;
	}
	return 'locale' === $field ? $locale : strtolower( substr( $locale, 0, 2 ) );
}
add_action( 'init', function () {
	register_post_type( 'recipe', array( 'public' => true, 'show_in_rest' => true, 'label' => 'Recipes',
		'supports' => array( 'title', 'editor', 'revisions' ), 'rewrite' => array( 'slug' => 'recipe' ) ) );
} );
add_filter( 'use_block_editor_for_post_type', function ( $use, $type ) {
	return 'recipe' === $type ? false : $use;
}, 10, 2 );
`);
  await wp.php('flush_rewrite_rules(false);');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await wp?.close();
  await proxy?.close();
  await server?.close();
});

test('wordpress_block_editor_sidebar_suggests_links_and_insert_links_the_phrase_or_adds_a_link_in_the_saved_post', { skip, timeout: 180000 }, async () => {
  const grinder = pageByPath(server.pages, '/gear/burr-grinder');
  const { page, errors, all, close } = await openPage(browser, `${wp.site}/wp-login.php`);
  try {
    await page.locator('#user_login').fill(wp.admin);
    await page.locator('#user_pass').fill(wp.password);
    await Promise.all([page.waitForURL(/wp-admin/), page.locator('#wp-submit').click()]);
    await page.goto(`${wp.site}/wp-admin/post-new.php`);
    await page.waitForFunction(() => window.wp?.data?.select('core/edit-post') && window.wp.data.select('core/block-editor'));
    await page.evaluate(() => {
      const { select, dispatch } = window.wp.data;
      if (select('core/edit-post').isFeatureActive('welcomeGuide')) dispatch('core/edit-post').toggleFeature('welcomeGuide');
    });
    // Type as an author does: the title, Enter, then the first paragraph.
    const title = page.locator('.editor-post-title__input, [aria-label="Add title"]').first();
    await title.click();
    await page.keyboard.type('Espresso at home');
    await page.keyboard.press('Enter');
    const since = await mark(page);
    await page.keyboard.type(DRAFT);
    // The plug-in's sidebar: its button in the top bar, as a person would open it.
    await page.locator('button[aria-label="Linker"]').first().click();
    const list = await waitForSuggestions(page, 'linker-wp-widget', { since, contains: 'within a month.', timeout: 30000 });
    const s = find(list, grinder.url);
    assert.equal(DRAFT.slice(s.start, s.end), s.anchor, 'offsets are offsets in the post text');
    const added = list.find((x) => x.anchor === null);
    assert.ok(added, `a suggestion without a phrase: ${list.map((x) => `${x.url} “${x.anchor}”`).join(', ')}`);
    await screenshot(page, 'wordpress-block-editor');
    // The browser talks to WordPress only: the element's script comes from the plug-in, its requests go to the
    // plug-in's REST route, and nothing is asked of the Linker server (nor its address written into the page).
    const linker = [new URL(proxy.url).origin, new URL(server.url).origin];
    const html = await page.content();
    for (const o of linker) assert.ok(!html.includes(o), `the editor's page names the Linker server ${o}`);
    assert.deepEqual(all.filter((r) => linker.includes(new URL(r.url).origin)), [], 'no request from the browser to the Linker server');
    const site = new URL(wp.site).origin;
    assert.deepEqual(all.filter((r) => r.url.includes('/api/v1/') && new URL(r.url).origin !== site), [],
      'every suggestion request is same-origin: no CORS');
    assert.ok(all.some((r) => r.url.startsWith(wp.site) && r.url.includes('linker/v1/api/v1/suggestions')), 'asked WordPress');
    assert.ok(all.some((r) => r.url.startsWith(`${wp.site}/wp-content/plugins/linker/widget/linker-suggestions.js`)),
      'the element loaded from the plug-in');
    // No phrase: a new link worded as the server says, before the stop of its sentence, in that block.
    await page.locator(`#linker-wp-widget li[data-url="${added.url}"] button[data-action=insert]`).click();
    const addedLink = `(see <a href="${added.url}">${added.wording}</a>)`;
    const at = added.sentenceEnd - 1; // every sentence of DRAFT ends with a full stop
    assert.equal(DRAFT[at], '.');
    let content = await page.evaluate(() => window.wp.data.select('core/editor').getEditedPostContent());
    assert.ok(content.includes(`${DRAFT.slice(at - 15, at)} ${addedLink}.`), content);
    const insertedSince = await mark(page);
    await page.locator(`#linker-wp-widget li[data-url="${grinder.url}"] button[data-action=insert]`).click();
    content = await page.evaluate(() => window.wp.data.select('core/editor').getEditedPostContent());
    assert.ok(content.includes(`<a href="${grinder.url}">${s.anchor}</a>`), content);
    assert.ok(content.includes(`depends on a <a href`), 'linked in place');
    const after = await waitForSuggestions(page, 'linker-wp-widget', { since: insertedSince });
    assert.ok(!after.some((x) => x.url === grinder.url || x.url === added.url), 'the linked targets left the list');
    // WordPress saves what the block now holds.
    await page.evaluate(() => window.wp.data.dispatch('core/editor').savePost());
    await page.waitForFunction(() => !window.wp.data.select('core/editor').isSavingPost()
      && !window.wp.data.select('core/editor').isEditedPostDirty());
    const { stdout } = await wp.sql("USE wordpress; SELECT post_content FROM wp_posts WHERE post_title='Espresso at home' "
      + "AND post_type='post' ORDER BY ID DESC LIMIT 1;");
    const saved = stdout.replace(/\\"/g, '"');
    assert.ok(saved.includes(`<a href="${grinder.url}">${s.anchor}</a>`), stdout);
    assert.ok(saved.includes(addedLink), stdout);
    await screenshot(page, 'wordpress-block-editor-linked');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

const SETTINGS = '/wp-admin/options-general.php?page=linker';
// What a system cron calls when DISABLE_WP_CRON is set.
const cron = () => fetch(`${wp.site}/wp-cron.php`);
const KAYAK = 'Sea kayaking starts with the forward stroke: rotate the torso, plant the paddle blade by your feet and '
  + 'pull it back to the hip. The sweep stroke turns the kayak, and a low brace keeps you upright in rough water.';
const KAYAK_DRAFT = 'This weekend I practise the forward stroke and the sweep stroke with my kayak paddle on the sea, '
  + 'and a low brace for rough water.';

/** Polls check() until it is true; returns the milliseconds it took. */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The URLs the Linker server suggests for a draft (top 5), asked directly; `extra` adds fields such as language. */
async function suggested(text, extra = {}) {
  const r = await fetch(`${server.url}/api/v1/suggestions`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: '', text, format: 'text', limit: 5, ...extra }) });
  assert.equal(r.status, 200);
  return (await r.json()).suggestions.map((x) => x.url);
}

/** The page the Linker server has at url, or null. */
async function indexed(url) {
  const r = await fetch(`${server.url}/api/v1/pages?url=${encodeURIComponent(url)}`);
  return r.status === 200 ? r.json() : null;
}

/** Submits Settings → Linker's form as the admin would, with `fields` over the defaults; returns where it redirects. */
async function saveSettingsAs(admin, fields, rules = null) {
  const html = await admin.page(SETTINGS);
  const res = await admin.form('/wp-admin/admin-post.php', [['action', 'linker_save'], ['_wpnonce', admin.field(html, '_wpnonce')],
    ['_wp_http_referer', SETTINGS], ...Object.entries({ linker_endpoint: proxy.url, linker_api_key: '', linker_write_key: '', ...fields }),
    ...(rules ? [['linker_rules', '1'], ...rules.types.map((t) => ['linker_types[]', t]),
      ...rules.categories.map((c) => ['linker_excluded_categories[]', String(c)])] : [])]);
  assert.equal(res.status, 302, 'the settings form redirects back once saved');
  return res.headers.get('location');
}

test('wordpress_sends_publish_slug_change_trash_restore_to_the_linker_server_queues_while_it_is_down_and_syncs_the_whole_site', { skip, timeout: 600000 }, async () => {
  const admin = await adminSession(wp);
  const saveSettings = (fields) => saveSettingsAs(admin, fields);
  const connection = async () => {
    const html = await admin.page(SETTINGS);
    const nonce = html.match(/linkerAdmin = \{.*?"nonce":"([^"]+)"/)[1];
    const res = await admin.form('/wp-admin/admin-ajax.php', { action: 'linker_test', _ajax_nonce: nonce });
    return Object.fromEntries((await res.json()).data.map((c) => [c.check, c]));
  };
  const steps = [];
  const step = (name, ms) => {
    steps.push(`${name}: ${ms} ms`);
    console.log(`# wordpress: ${name}: ${ms} ms`);
  };

  // The write key: saved from the settings form, not autoloaded, never printed into a page.
  await saveSettings({ linker_write_key: server.apiKey });
  const { stdout: autoload } = await wp.sql("USE wordpress; SELECT autoload FROM wp_options WHERE option_name='linker_write_key';");
  assert.match(autoload, /\bno\b/, 'the write key is not autoloaded');
  const settings = await admin.page(SETTINGS);
  assert.ok(!settings.includes(server.apiKey), 'the settings page does not print the write key');
  assert.match(settings, new RegExp(`Set \\(${server.apiKey.length} characters\\)`));
  assert.ok(!(await admin.page('/wp-admin/post-new.php')).includes(server.apiKey), 'the editor does not get the write key');

  // Test connection: the server's health and the keys (no CORS check: the browser never calls the server).
  const unwritten = server.requests?.length ?? 0;
  let checks = await connection();
  assert.ok(checks.health.ok && /pages indexed, embedder/.test(checks.health.message), JSON.stringify(checks));
  if (server.requests) assert.deepEqual(server.requests.slice(unwritten), [], 'testing the keys writes nothing (GET /api/v1/access)');
  assert.ok(checks.read.ok && checks.write.ok && !('cors' in checks), JSON.stringify(checks));
  await saveSettings({ linker_write_key: 'not-the-key' });
  checks = await connection();
  assert.equal(checks.write.ok, false);
  assert.match(checks.write.message, /401 Unauthorized/);
  await saveSettings({ linker_write_key: server.apiKey });
  await proxy.down();
  checks = await connection();
  assert.match(checks.health.message, /^Connection refused: nothing answers at 127\.0\.0\.1:\d+/, checks.health.message);
  await proxy.up();

  // Publish: within seconds a draft about the subject gets the post in its top 5, as the site shows it.
  const cat = await admin.rest('POST', '/wp/v2/categories', { name: 'Paddling' });
  let t0 = Date.now();
  const post = await admin.rest('POST', '/wp/v2/posts', { title: 'Sea kayak paddle strokes', slug: 'sea-kayak-strokes',
    content: `<!-- wp:paragraph --><p>${KAYAK.replace('forward stroke', '<strong>forward stroke</strong>')}</p><!-- /wp:paragraph -->`,
    status: 'publish', categories: [cat.id] });
  step('publish request', Date.now() - t0);
  await until(async () => (await suggested(KAYAK_DRAFT)).includes(post.link), 'the published post in the top 5');
  step('publish → suggested in a draft\'s top 5', Date.now() - t0);
  const page = await indexed(post.link);
  assert.equal(page.title, 'Sea kayak paddle strokes');
  assert.equal(page.category, '/paddling/');
  assert.ok(page.text.includes('Sea kayaking starts with the forward stroke: rotate the torso'), page.text);

  // A new slug: the old URL is no longer suggested, the server was told it redirects to the new one.
  t0 = Date.now();
  const moved = await admin.rest('POST', `/wp/v2/posts/${post.id}`, { slug: 'kayak-strokes' });
  assert.notEqual(moved.link, post.link);
  await until(async () => {
    const urls = await suggested(KAYAK_DRAFT);
    return urls.includes(moved.link) && !urls.includes(post.link);
  }, 'the new URL suggested instead of the old');
  step('slug change → new URL suggested, old one not', Date.now() - t0);
  const old = await indexed(post.link);
  assert.equal(old.status, 'redirected');
  assert.equal(old.redirectTo, moved.link);
  if (server.events) assert.ok(server.events.some((e) => e.type === 'redirected' && e.url === post.link && e.survivor === moved.link));

  // Trash: gone from the suggestions (killed); restored and published again: back (created).
  await admin.rest('DELETE', `/wp/v2/posts/${post.id}`);
  step('trash → no longer suggested', await until(async () => !(await suggested(KAYAK_DRAFT)).includes(moved.link), 'trashed post gone'));
  assert.equal((await indexed(moved.link)).status, 'killed');
  await wp.php(`wp_untrash_post(${post.id}); wp_update_post(array('ID' => ${post.id}, 'post_status' => 'publish'));`);
  step('restore → suggested again', await until(async () => (await suggested(KAYAK_DRAFT)).includes(moved.link), 'restored post back'));
  if (server.events) assert.ok(server.events.some((e) => e.type === 'created' && e.url === moved.link && e.page?.title));

  // The server down: the post waits in the queue, shown on the settings page; back up, the next cron run sends it.
  await proxy.down();
  t0 = Date.now();
  const late = await admin.rest('POST', '/wp/v2/posts', { title: 'Canoe portage trails', status: 'publish',
    content: '<!-- wp:paragraph --><p>Portage trails join the lakes: carry the canoe on a yoke over your shoulders.</p><!-- /wp:paragraph -->' });
  step('publish request with the server down', Date.now() - t0);
  await until(async () => /Connection refused/.test(await admin.page(SETTINGS)), 'the failed try shown', 10000, 200);
  const waiting = await admin.page(SETTINGS);
  assert.ok(waiting.includes('id="linker-queue"') && waiting.includes('page “Canoe portage trails”'), waiting);
  assert.equal(await indexed(late.link), null);
  await proxy.up();
  const upAt = Date.now();
  await until(async () => (await cron(), await indexed(late.link)) !== null, 'the queued post sent once the server is back', 30000, 500);
  step('server back → queued post indexed (first retry after 5 s, by WP cron)', Date.now() - upAt);
  await until(async () => /id="linker-queue-empty"/.test(await admin.page(SETTINGS)), 'the queue emptied', 10000, 200);

  // What a save costs the author's request: the REST update the block editor makes, without sync, with it and the
  // server up, with it and the server down.
  const N = 15;
  const saves = async (label) => {
    const ms = [];
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await admin.rest('POST', `/wp/v2/posts/${late.id}`, { content: `<!-- wp:paragraph --><p>Portage ${label} ${i}.</p><!-- /wp:paragraph -->` });
      ms.push(performance.now() - t);
    }
    return median(ms);
  };
  await saveSettings({ linker_write_key_remove: '1' });
  await saves('warm-up');
  const without = await saves('without');
  await saveSettings({ linker_write_key: server.apiKey });
  const up = await saves('up');
  await proxy.down();
  const down = await saves('down');
  await proxy.up();
  const cost = `save (REST update, median of ${N}): ${without.toFixed(1)} ms without sync; with sync ${up.toFixed(1)} ms `
    + `with the server up (${(up - without >= 0 ? '+' : '') + (up - without).toFixed(1)} ms), ${down.toFixed(1)} ms with it down `
    + `(${(down - without >= 0 ? '+' : '') + (down - without).toFixed(1)} ms)`;
  steps.push(cost);
  console.log(`# wordpress: ${cost}`);
  await until(async () => (await cron(), (await indexed(late.link))?.text?.includes('Portage down 14')), 'the last save sent', 30000, 500);

  // The whole site in one step: a few hundred posts WordPress never sent, a partial run, then a resumed one; every
  // post not sent before is reported sent; a second run sends only the post changed since.
  const POSTS = 300;
  t0 = Date.now();
  await wp.php(`add_filter('linker_sync_on_save', '__return_false'); wp_defer_term_counting(true);
$topics = array('espresso', 'kayak', 'sourdough', 'bicycle', 'garden', 'telescope');
for ($i = 0; $i < ${POSTS}; $i++) {
  $t = $topics[$i % count($topics)];
  wp_insert_post(array('post_title' => "Notes on $t, part $i", 'post_status' => 'publish', 'post_name' => "generated-$i",
    'post_content' => "<!-- wp:paragraph --><p>Part $i of my notes on $t: what I learned about $t this week, number $i.</p><!-- /wp:paragraph -->"));
}`);
  step(`${POSTS} posts generated`, Date.now() - t0);
  const before = JSON.parse(await wp.php(`echo wp_json_encode(array('total' => Linker_Site_Sync::count_public(),
  'unsent' => (int) $GLOBALS['wpdb']->get_var("SELECT COUNT(*) FROM {$GLOBALS['wpdb']->posts} p WHERE p.post_status = 'publish' AND p.post_password = '' AND p.post_type IN ('post', 'page') AND NOT EXISTS (SELECT 1 FROM {$GLOBALS['wpdb']->postmeta} m WHERE m.post_id = p.ID AND m.meta_key = '_linker_hash')")));`));
  assert.ok(before.unsent >= POSTS, JSON.stringify(before));
  t0 = Date.now();
  const part = JSON.parse(await wp.php('Linker_Site_Sync::start(true); echo wp_json_encode(Linker_Site_Sync::step(100));'));
  assert.equal(part.done_posts, 100);
  assert.equal(part.done, false);
  const all = JSON.parse(await wp.php('Linker_Site_Sync::start(); echo wp_json_encode(Linker_Site_Sync::run(1000));'));
  step(`whole-site sync of ${all.total} posts (${all.sent} sent)`, Date.now() - t0);
  assert.deepEqual({ done: all.done, error: all.error, failed: all.failed, total: all.total, done_posts: all.done_posts,
    sent: all.sent, unchanged: all.unchanged },
  { done: true, error: '', failed: 0, total: before.total, done_posts: before.total, sent: before.unsent,
    unchanged: before.total - before.unsent });
  for (const i of [0, 149, POSTS - 1]) {
    const p = await indexed(`${wp.site}/generated-${i}/`);
    assert.ok(p && p.title.startsWith('Notes on') && p.text.includes(`Part ${i} of my notes`), `generated-${i} indexed`);
  }
  await wp.php(`add_filter('linker_sync_on_save', '__return_false');
$p = get_page_by_path('generated-7', OBJECT, 'post'); wp_update_post(array('ID' => $p->ID, 'post_content' => 'Part 7, rewritten.'));`);
  const again = JSON.parse(await wp.php('Linker_Site_Sync::start(); echo wp_json_encode(Linker_Site_Sync::run(1000));'));
  assert.equal(again.sent, 1, 'only the changed post is sent again');
  assert.equal(again.unchanged, before.total - 1);
  assert.ok((await indexed(`${wp.site}/generated-7/`)).text.includes('Part 7, rewritten.'));

  // `wp linker sync`, the command class under WP-CLI's API (a stand-in: WP-CLI's phar cannot be fetched here), on a
  // site whose generated posts the server has not had yet: every one reported sent, with the progress bar's count.
  const standin = `require ${JSON.stringify(path.join(ROOT, 'test', 'support', 'wp-cli-standin.php'))};`;
  await wp.php(`$GLOBALS['wpdb']->query("DELETE m FROM {$GLOBALS['wpdb']->postmeta} m JOIN {$GLOBALS['wpdb']->posts} p ON p.ID = m.post_id WHERE p.post_name LIKE 'generated-%' AND m.meta_key IN ('_linker_hash', '_linker_url', '_linker_state')");`);
  t0 = Date.now();
  const cli = await wp.php(`WP_CLI::run('linker', 'sync', array('restart' => true));`, { before: standin });
  step(`wp linker sync of ${before.total} posts`, Date.now() - t0);
  assert.match(cli, new RegExp(`^Syncing posts ${before.total}/${before.total}$`, 'm'), cli);
  assert.match(cli, new RegExp(`^Success: ${POSTS} sent, ${before.total - POSTS} unchanged, 0 left out, 0 failed\\.$`, 'm'), cli);
  const queue = await wp.php(`WP_CLI::run('linker', 'queue', array('flush' => true));`, { before: standin });
  assert.match(queue, /^\d+ sent, 0 waiting\.$/m, queue);
  console.log(`# wordpress: steps\n#   ${steps.join('\n#   ')}`);
});

/** Logs the browser page in as the admin. */
async function login(page) {
  await page.locator('#user_login').fill(wp.admin);
  await page.locator('#user_pass').fill(wp.password);
  await Promise.all([page.waitForURL(/wp-admin/), page.locator('#wp-submit').click()]);
}

/** Opens a post in the block editor (welcome guide closed) and its Linker sidebar. */
async function openBlockEditor(page, id) {
  await page.goto(`${wp.site}/wp-admin/post.php?post=${id}&action=edit`);
  await page.waitForFunction(() => window.wp?.data?.select('core/edit-post') && window.wp.data.select('core/block-editor')
    && window.wp.data.select('core/editor').getCurrentPostId());
  await page.evaluate(() => {
    const { select, dispatch } = window.wp.data;
    if (select('core/edit-post').isFeatureActive('welcomeGuide')) dispatch('core/edit-post').toggleFeature('welcomeGuide');
  });
  await page.locator('button[aria-label="Linker"]').first().click();
}

/** The write requests (fixture server only) since `from` that name url: PUT pages, DELETE, events. */
function writesFor(url, from = 0) {
  return (server.requests || []).slice(from).filter((r) => (r.method === 'PUT' && r.body?.pages?.some((p) => p.url === url))
    || (r.method === 'DELETE' && r.url === url));
}

const wpl = (o) => `<!-- wp:paragraph --><p>${o}</p><!-- /wp:paragraph -->`;
const HIVE = 'Beekeeping: the hive inspection starts with smoke at the entrance, then each frame is lifted to look for the queen, '
  + 'eggs, capped brood and honey stores.';
const HIVE_DRAFT = 'On Saturday I do a hive inspection: smoke at the entrance, each frame lifted, the queen, eggs, capped brood.';
const PANCAKES = 'Buckwheat pancakes: whisk buckwheat flour, buttermilk and an egg, rest the batter, fry in butter and serve '
  + 'with warm blueberries.';
const PANCAKES_DRAFT = 'For breakfast I fry buckwheat pancakes in butter, from a rested batter of buckwheat flour and buttermilk.';
const HARMONICA = 'Bending a note on the harmonica: shape the mouth as for a vowel, draw gently, and the pitch of the reed drops.';
const HARMONICA_DRAFT = 'I practise note bending on my harmonica: a vowel shape, a gentle draw, and the reed pitch drops.';

test('wordpress_leaves_out_post_types_categories_and_single_posts_deleting_them_from_the_server_and_syncs_custom_post_types', { skip, timeout: 300000 }, async () => {
  const admin = await adminSession(wp);
  const steps = [];
  // A custom post type ("recipe", registered by the fixture) is synced like posts.
  const recipe = await admin.rest('POST', '/wp/v2/recipe', { title: 'Buckwheat pancakes', status: 'publish', content: `<p>${PANCAKES}</p>` });
  const hive = await admin.rest('POST', '/wp/v2/posts', { title: 'Hive inspection', status: 'publish', content: wpl(HIVE) });
  const privateCat = await admin.rest('POST', '/wp/v2/categories', { name: 'Private notes' });
  const music = await admin.rest('POST', '/wp/v2/categories', { name: 'Harmonica lessons', parent: privateCat.id });
  const harmonica = await admin.rest('POST', '/wp/v2/posts', { title: 'Harmonica note bending', status: 'publish',
    content: wpl(HARMONICA), categories: [music.id] });
  assert.match(recipe.link, /\/recipe\/buckwheat-pancakes\/$/);
  await until(async () => (await suggested(PANCAKES_DRAFT)).includes(recipe.link), 'the recipe (a custom post type) suggested');
  await until(async () => (await suggested(HIVE_DRAFT)).includes(hive.link), 'the hive post suggested');
  await until(async () => (await suggested(HARMONICA_DRAFT)).includes(harmonica.link), 'the harmonica post suggested');
  assert.equal((await indexed(recipe.link)).title, 'Buckwheat pancakes');

  // The post's own switch, in the block editor's Linker sidebar: ticked and saved → deleted from the server.
  const { page, errors, close } = await openPage(browser, `${wp.site}/wp-login.php`);
  try {
    await login(page);
    await openBlockEditor(page, hive.id);
    const box = page.getByLabel('Leave this post out of link suggestions');
    assert.equal(await box.isChecked(), false);
    const from = server.requests?.length ?? 0;
    await box.check();
    await page.evaluate(() => window.wp.data.dispatch('core/editor').savePost());
    await page.waitForFunction(() => !window.wp.data.select('core/editor').isSavingPost()
      && !window.wp.data.select('core/editor').isEditedPostDirty());
    const t0 = Date.now();
    await until(async () => (await indexed(hive.link)) === null, 'the post left out deleted from the server');
    steps.push(`switch ticked and saved → deleted from the server: ${Date.now() - t0} ms`);
    if (server.requests) assert.deepEqual(writesFor(hive.link, from).map((r) => r.method), ['DELETE']);
    await screenshot(page, 'wordpress-block-editor-leave-out');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
  const { stdout: meta } = await wp.sql(`USE wordpress; SELECT meta_value FROM wp_postmeta WHERE post_id=${hive.id} AND meta_key='_linker_exclude';`);
  assert.match(meta, /\b1\b/, 'saved as post meta');
  // Edited while left out: never sent.
  let from = server.requests?.length ?? 0;
  await admin.rest('POST', `/wp/v2/posts/${hive.id}`, { content: wpl(`${HIVE} Then close the hive.`) });
  await until(async () => /id="linker-queue-empty"/.test(await admin.page(SETTINGS)), 'the queue emptied', 10000, 200);
  assert.equal(await indexed(hive.link), null);
  if (server.requests) assert.deepEqual(writesFor(hive.link, from), [], 'a post left out is never sent');
  // Put back in (the switch off, as the editor saves it): sent again.
  await admin.rest('POST', `/wp/v2/posts/${hive.id}`, { meta: { _linker_exclude: false } });
  await until(async () => (await suggested(HIVE_DRAFT)).includes(hive.link), 'the post put back in suggested again');
  assert.ok((await indexed(hive.link)).text.includes('Then close the hive.'));

  // Settings: a category left out (its subcategory with it), then the custom post type; the server is updated in
  // the background (a whole-site sync queued), without a click.
  const types = ['post', 'page', 'recipe'];
  let t0 = Date.now();
  const saved = await saveSettingsAs(admin, {}, { types, categories: [privateCat.id] });
  assert.match(saved, /linker=saved-rules/);
  await until(async () => (await cron(), await indexed(harmonica.link)) === null, 'the post of a subcategory of a category left out deleted', 60000, 500);
  steps.push(`category left out → its posts deleted from the server: ${Date.now() - t0} ms`);
  const settings = await admin.page(SETTINGS);
  assert.match(settings, new RegExp(`name="linker_excluded_categories\\[\\]" value="${privateCat.id}" checked`));
  t0 = Date.now();
  await saveSettingsAs(admin, {}, { types: ['post', 'page'], categories: [privateCat.id] });
  await until(async () => (await cron(), await indexed(recipe.link)) === null, 'the post type left out deleted', 60000, 500);
  steps.push(`post type left out → its posts deleted from the server: ${Date.now() - t0} ms`);
  assert.ok(await indexed(hive.link), 'the other posts stay');
  // The whole-site sync honours the same rules: both counted left out, neither sent.
  from = server.requests?.length ?? 0;
  const all = JSON.parse(await wp.php('Linker_Site_Sync::start(true); echo wp_json_encode(Linker_Site_Sync::run(1000));'));
  assert.equal(all.left_out, 2, JSON.stringify(all));
  assert.equal(all.failed, 0);
  assert.equal(all.done_posts, all.total);
  if (server.requests) assert.deepEqual([...writesFor(recipe.link, from), ...writesFor(harmonica.link, from)], []);
  // Back in: sent again.
  await saveSettingsAs(admin, {}, { types, categories: [] });
  await until(async () => (await cron(), (await suggested(PANCAKES_DRAFT)).includes(recipe.link)
    && (await suggested(HARMONICA_DRAFT)).includes(harmonica.link)), 'posts put back in suggested again', 60000, 500);
  console.log(`# wordpress: left out\n#   ${steps.join('\n#   ')}`);
});

test('wordpress_sends_each_posts_language_and_the_drafts_language_so_a_french_draft_gets_only_french_or_untagged_pages', { skip, timeout: 180000 }, async () => {
  const admin = await adminSession(wp);
  // Three pages on one subject: French, English, and one with no language (the fixture's Polylang reads _test_locale).
  const CRANE = 'Origami crane: fold the square into a bird base, narrow the flaps, reverse-fold the neck and the tail, '
    + 'then shape the head and spread the wings of the paper crane.';
  const publish = (title, locale) => wp.php(`echo wp_insert_post(array('post_title' => ${JSON.stringify(title)},
  'post_status' => 'publish', 'post_content' => ${JSON.stringify(wpl(CRANE))}, 'meta_input' => array('_test_locale' => '${locale}')));`);
  const fr = await publish('Grue en origami (crane)', 'fr_FR');
  const en = await publish('Origami crane folding', 'en_US');
  const none = await admin.rest('POST', '/wp/v2/posts', { title: 'Paper crane wings', status: 'publish', content: wpl(CRANE) });
  const link = async (id) => (await admin.rest('GET', `/wp/v2/posts/${id}`)).link;
  const frLink = await link(fr);
  const enLink = await link(en);
  await until(async () => (await indexed(frLink)) && (await indexed(enLink)) && (await indexed(none.link)), 'the three pages sent');
  assert.equal((await indexed(frLink)).language, 'fr-FR', 'the page carries its language as a BCP 47 tag');
  assert.equal((await indexed(enLink)).language, 'en-US');
  assert.ok(!(await indexed(none.link)).language, 'no language where the post has none');

  // A French draft in the block editor: the sidebar sends its language; only French and untagged pages come back.
  const draft = await wp.php(`$id = wp_insert_post(array('post_title' => 'Mon premier pliage', 'post_status' => 'draft',
  'post_content' => ${JSON.stringify(wpl('I fold an origami crane: a bird base, narrow flaps, a reverse-fold for the neck and the tail, paper wings.'))}));
update_post_meta($id, '_test_locale', 'fr_FR'); echo $id;`);
  const { page, errors, close } = await openPage(browser, `${wp.site}/wp-login.php`);
  try {
    await login(page);
    const from = server.requests?.length ?? 0;
    await openBlockEditor(page, draft);
    assert.equal(await page.locator('#linker-wp-widget').getAttribute('language'), 'fr-FR');
    const list = await waitForSuggestions(page, 'linker-wp-widget', { contains: 'paper wings.', timeout: 30000 });
    const urls = list.map((x) => x.url);
    if (server.requests) {
      const asked = server.requests.slice(from).filter((r) => r.path === '/api/v1/suggestions');
      assert.ok(asked.length && asked.every((r) => r.body.language === 'fr-FR'), JSON.stringify(asked.map((r) => r.body.language)));
    }
    assert.ok(urls.includes(frLink) && urls.includes(none.link), `French and untagged pages suggested: ${urls.join(', ')}`);
    assert.ok(!urls.includes(enLink), `the English page is not: ${urls.join(', ')}`);
    await screenshot(page, 'wordpress-block-editor-french-draft');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
  // The same request without a language (a monolingual site sends none) gets the English page too.
  assert.ok((await suggested('I fold an origami crane: a bird base, narrow flaps, a reverse-fold for the neck and the tail, paper wings.'))
    .includes(enLink));
});

test('wordpress_offers_to_rewrite_links_to_a_moved_posts_old_address_and_each_rewrite_is_a_revision', { skip, timeout: 120000 }, async () => {
  const admin = await adminSession(wp);
  const moved = await admin.rest('POST', '/wp/v2/posts', { title: 'Grinder care', slug: 'grinder-care', status: 'publish',
    content: wpl('Clean the burrs every month.') });
  const linking = await admin.rest('POST', '/wp/v2/posts', { title: 'My coffee corner', status: 'publish',
    content: wpl(`Read <a href="${moved.link}">grinder care</a> and <a href="${moved.link}#burrs">the burrs</a>; `
      + `not <a href="${moved.link}x/">another page</a>.`) });
  const untouched = await admin.rest('POST', '/wp/v2/posts', { title: 'Tea corner', status: 'publish', content: wpl('No links here.') });
  const now = await admin.rest('POST', `/wp/v2/posts/${moved.id}`, { slug: 'burr-grinder-care' });
  assert.notEqual(now.link, moved.link);
  // The notice on the admin pages (here the posts list): how many posts link to the old address, and the button.
  const list = await admin.page('/wp-admin/edit.php');
  assert.match(list, /1 post links to the old address of “Grinder care”/);
  const href = list.match(/href="([^"]*action=linker_rewrite[^"]*)"/)[1].replace(/&#038;|&amp;/g, '&');
  const res = await admin.get(href.replace(wp.site, ''));
  assert.equal(res.status, 302);
  const back = res.headers.get('location');
  assert.match(back, /linker_rewritten=1/);
  assert.match(await admin.page(back.replace(wp.site, '')), /Links rewritten in 1 post/);
  const after = await admin.rest('GET', `/wp/v2/posts/${linking.id}?context=edit`);
  assert.ok(after.content.raw.includes(`<a href="${now.link}">grinder care</a>`), after.content.raw);
  assert.ok(after.content.raw.includes(`<a href="${now.link}#burrs">the burrs</a>`), after.content.raw);
  assert.ok(after.content.raw.includes(`<a href="${moved.link}x/">another page</a>`), 'another address is left alone');
  assert.equal((await admin.rest('GET', `/wp/v2/posts/${untouched.id}?context=edit`)).modified,
    untouched.modified, 'a post without the link is not touched');
  // A revision holds the version before: restoring it undoes the rewrite.
  const undone = await wp.php(`$revs = wp_get_post_revisions(${linking.id});
$before = null;
foreach ($revs as $r) { if (false !== strpos($r->post_content, ${JSON.stringify(`href="${moved.link}"`)})) { $before = $r; break; } }
if (!$before) { echo 'no revision with the old link among ' . count($revs); exit; }
wp_restore_post_revision($before->ID); echo get_post_field('post_content', ${linking.id});`);
  assert.ok(undone.includes(`<a href="${moved.link}">grinder care</a>`), undone);
  // Done: the notice is gone.
  await admin.rest('POST', `/wp/v2/posts/${linking.id}`, { content: after.content.raw });
  assert.doesNotMatch(await admin.page('/wp-admin/edit.php'), /link to the old address of “Grinder care”/);
});

test('wordpress_classic_editor_box_suggests_links_in_tinymce_with_the_read_key_only_and_leaves_a_post_out', { skip, timeout: 180000 }, async () => {
  const admin = await adminSession(wp);
  const grinder = pageByPath(server.pages, '/gear/burr-grinder');
  // Neither key is printed for the browser: WordPress sends the read key with the editor's requests itself.
  const readKey = server.real ? '' : 'read-key-kept-by-wordpress';
  await saveSettingsAs(admin, { linker_api_key: readKey });
  const html = await admin.page('/wp-admin/post-new.php?post_type=recipe');
  assert.match(html, /<linker-suggestions id="linker-classic-widget" for="content" format="html"/);
  if (readKey) assert.ok(!html.includes(readKey), 'the classic edit screen does not get the read key');
  assert.ok(!html.includes(server.apiKey), 'the classic edit screen does not get the write key');
  for (const o of [proxy.url, server.url]) assert.ok(!html.includes(o), `the classic edit screen names the Linker server ${o}`);
  const asked = server.requests?.length ?? 0;
  const { page, errors, all, close } = await openPage(browser, `${wp.site}/wp-login.php`);
  try {
    await login(page);
    await page.goto(`${wp.site}/wp-admin/post-new.php?post_type=recipe`);
    await page.locator('#title').fill('Espresso at breakfast');
    await page.waitForFunction(() => window.tinymce?.get('content')?.initialized);
    // The box follows TinyMCE once both are up: typing before would not reach it.
    await page.locator('#linker-classic-widget[data-editor=visual]').waitFor({ state: 'attached' });
    await page.frameLocator('#content_ifr').locator('body').click();
    const since = await mark(page);
    await page.keyboard.type(DRAFT);
    // The draft is in TinyMCE (else the wait below would wait for a draft that was never typed).
    await page.waitForFunction(() => window.tinymce.get('content').getContent({ format: 'text' }).includes('within a month.'));
    const list = await waitForSuggestions(page, 'linker-classic-widget', { since, contains: 'within a month.', timeout: 30000 });
    const s = find(list, grinder.url);
    assert.equal(DRAFT.slice(s.start, s.end), s.anchor);
    await screenshot(page, 'wordpress-classic-editor');
    const linker = [new URL(proxy.url).origin, new URL(server.url).origin];
    assert.deepEqual(all.filter((r) => linker.includes(new URL(r.url).origin)
      || (r.url.includes('/api/v1/') && new URL(r.url).origin !== new URL(wp.site).origin)), [], 'the browser asks WordPress only');
    if (readKey) {
      const sent = server.requests.slice(asked).filter((r) => r.path === '/api/v1/suggestions');
      assert.ok(sent.length > 0 && sent.every((r) => r.key === `Bearer ${readKey}`), JSON.stringify(sent.map((r) => r.key)));
    }
    await page.locator(`#linker-classic-widget li[data-url="${grinder.url}"] button[data-action=insert]`).click();
    const content = await page.evaluate(() => window.tinymce.get('content').getContent());
    assert.ok(content.includes(`<a href="${grinder.url}">${s.anchor}</a>`), content);
    // The Text tab: the box follows the textarea (HTML) and still suggests. It answers the textarea's source first
    // (the switch's own request), then an edit of it.
    const switchSince = await mark(page);
    await page.locator('#content-html').click();
    await page.locator('#linker-classic-widget[data-editor=text]').waitFor({ state: 'attached' });
    const textarea = async (e) => {
      throw new Error(`${e.message}\nthe textarea holds: …${JSON.stringify((await page.locator('#content').inputValue()).slice(-60))}`);
    };
    // The textarea's source as it stands when the answer comes: WordPress may still be formatting it when the tab
    // switches, so the answer is compared with what the textarea holds then, not with a value read once before.
    await page.waitForFunction(([since, id]) => {
      const value = document.getElementById('content').value;
      return window.__linkerEvents.slice(since).some((e) => e.type === 'linker-suggestions' && e.id === id
        && e.detail?.text === value);
    }, [switchSince, 'linker-classic-widget'], { timeout: 30000 }).catch(textarea);
    const html = await page.locator('#content').inputValue();
    const textSince = await mark(page);
    // One edit of the whole value (as a paste), not keystrokes, so that nothing WordPress does after the switch can
    // put keys elsewhere; the box answers whatever the textarea holds after its input event.
    const source = `${html} The grinder needs cleaning too.`;
    await page.locator('#content').fill(source);
    await waitForSuggestions(page, 'linker-classic-widget', { since: textSince, equals: source, timeout: 30000 }).catch(textarea);
    await page.locator('#content-tmce').click();
    await page.locator('#linker-classic-widget[data-editor=visual]').waitFor({ state: 'attached' });
    // Publish: WordPress saves the link; the recipe is sent to the server.
    await Promise.all([page.waitForURL(/message=6/), page.locator('#publish').click()]);
    const id = Number(new URL(page.url()).searchParams.get('post'));
    const post = await admin.rest('GET', `/wp/v2/recipe/${id}?context=edit`);
    assert.ok(post.content.raw.includes(`<a href="${grinder.url}">${s.anchor}</a>`), post.content.raw);
    await until(async () => (await indexed(post.link))?.text?.includes('within a month'), 'the classic post sent');
    // The box's switch: ticked and updated → deleted from the server.
    await page.locator('#linker input[name=linker_exclude]').check();
    await Promise.all([page.waitForURL(/message=1/), page.locator('#publish').click()]);
    assert.equal(await page.locator('#linker input[name=linker_exclude]').isChecked(), true);
    await until(async () => (await indexed(post.link)) === null, 'the classic post left out deleted from the server');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
  await saveSettingsAs(admin, {});
});

test('wordpress_uninstall_removes_the_plugin_options_and_post_meta', { skip, timeout: 60000 }, async () => {
  await wp.php("deactivate_plugins('linker/linker.php'); uninstall_plugin('linker/linker.php');");
  const { stdout } = await wp.sql("USE wordpress; SELECT (SELECT COUNT(*) FROM wp_options WHERE option_name LIKE 'linker\\_%') AS options, "
    + "(SELECT COUNT(*) FROM wp_postmeta WHERE meta_key LIKE '\\_linker\\_%') AS meta;");
  assert.match(stdout, /options\s+meta\s+0\s+0/, stdout);
});
