// The WordPress block-editor plug-in (wordpress/linker) in a real WordPress from Debian's packages, driven in
// Chromium: the "Linker" sidebar lists suggestions for the post being typed and Insert links the phrase in the
// post's paragraph block, which WordPress then saves. Skipped (with the reason) where the Debian packages wordpress,
// mariadb-server, php-cli and php-mysql are not installed, unless LINKER_REQUIRE_WORDPRESS=1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForSuggestions, mark, find, screenshot, pageByPath } from './support/harness.js';
import { startProxy } from './support/proxy.js';
import { missingPackages, startWordPress } from './support/wordpress.js';

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
  proxy = await startProxy(server.url); // answers CORS for the WordPress admin origin
  wp = await startWordPress({ endpoint: proxy.url });
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
  const { page, errors, close } = await openPage(browser, `${wp.site}/wp-login.php`);
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
