// "Link to this post": the widget's second list, the existing pages that should link to the draft, in Debian's
// Chromium against the server under test (the fixture server, or a real Linker server with LINKER_SERVER_URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, openPage, readInbound, waitForInbound, waitForSuggestions, waitForEvent, mark, screenshot,
  pageByPath,
} from './support/harness.js';
import { startProxy } from './support/proxy.js';

// A draft about portafilter baskets: the tamper page (whose title carries markup) talks about them.
const BASKETS_TITLE = 'Portafilter basket sizes';
const BASKETS = 'Which portafilter basket fits your machine? Portafilter baskets come in 58, 54 and 51 mm, and the '
  + 'basket decides which espresso tamper you need. Measure the portafilter basket before you buy one.';
const DRAFT_URL = 'https://brew.example/gear/portafilter-baskets';

let server;
let browser;
let tamper;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tamper = pageByPath(server.pages, '/gear/espresso-tamper');
});
after(async () => {
  await browser?.close();
  await server?.close();
});

function source(list, url) {
  const s = list.find((x) => x.source === url);
  if (!s) throw new Error(`${url} not among the sources: ${list.map((x) => x.source).join(', ') || '(none)'}`);
  return s;
}

/** Types a title and a draft into the demo's Markdown editor; returns the inbound answer for that draft. */
async function draft(page, title, text) {
  await page.locator('#md-title').fill(title);
  const since = await mark(page);
  await page.locator('#md-editor').fill(text);
  return waitForInbound(page, 'md-widget', { since, equals: text });
}

/** The inbound requests the page sends, with their bodies and headers. */
function inboundRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/suggestions/inbound') && r.method() === 'POST') {
      seen.push({ body: r.postDataJSON(), headers: r.headers() });
    }
  });
  return seen;
}

test('a_draft_gets_a_second_list_of_pages_that_should_link_to_it_each_with_its_phrase_highlighted_in_its_sentence', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const sent = inboundRequests(page);
    await page.evaluate((url) => {
      const w = document.getElementById('md-widget');
      w.setAttribute('api-key', 'read-key-1');
      w.setAttribute('url', url);
    }, DRAFT_URL);
    await page.locator('#md-title').fill(BASKETS_TITLE);
    const editor = page.locator('#md-editor');
    await editor.fill('');
    await editor.click();
    const since = await mark(page);
    const before = sent.length;
    await page.keyboard.type(BASKETS, { delay: 5 });
    const list = await waitForInbound(page, 'md-widget', { since, equals: BASKETS });
    const shown = await readInbound(page, 'md-widget');
    assert.equal(shown.heading, 'Link to this post');
    assert.ok(shown.visible, 'the list is on show below the outbound one');
    assert.ok(shown.items.length >= 1 && shown.items.length <= 5, `1 to 5 sources, got ${shown.items.length}`);
    assert.deepEqual(shown.items.map((i) => i.source), list.map((s) => s.source), 'the list shows the answer, in order');
    assert.ok(!list.some((s) => s.source === DRAFT_URL), 'never the draft itself');
    source(list, tamper.url);
    for (const s of list) {
      // The phrase is a phrase of the source's own stored text, at the offsets the answer gives.
      const stored = await (await fetch(`${server.url}/api/v1/pages?url=${encodeURIComponent(s.source)}`)).json();
      assert.equal(stored.text.slice(s.start, s.end), s.anchor, `${s.source}: the phrase at its offsets in the source's text`);
      const item = shown.items.find((i) => i.source === s.source);
      assert.equal(item.anchor, s.anchor.replace(/\s+/g, ' '), `${s.source}: the phrase is what is highlighted`);
      assert.ok(item.context.includes(item.anchor), `${s.source}: in its sentence: ${item.context}`);
      assert.ok(item.relevance >= 1 && item.relevance <= 5, `${s.source}: relevance shown as a level`);
      assert.equal(item.state, 'idle');
      assert.match(item.add.label, /^Add a link to this post in .+, on “.+”, relevance [1-5] of 5$/);
    }
    assert.equal(shown.items[0].relevance, 5, 'the best source is full');
    // Asked like the outbound list: once after the typing stopped, with the same draft, URL and key.
    const asked = sent.slice(before);
    assert.equal(asked.filter((r) => r.body.text === BASKETS).length, 1, 'one request for the typed draft');
    assert.ok(asked.length <= 2, `typing is debounced, not one request a key: ${asked.length}`);
    const last = asked[asked.length - 1];
    assert.deepEqual({ ...last.body }, { title: BASKETS_TITLE, text: BASKETS, format: 'markdown', limit: 5, url: DRAFT_URL });
    assert.equal(last.headers.authorization, 'Bearer read-key-1');
    await screenshot(page, 'inbound-widget', page.locator('#md-widget'));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a_source_title_with_script_and_img_markup_renders_as_text_and_runs_nothing', async () => {
  assert.match(tamper.title, /<script>/, 'the fixture title carries markup');
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const s = source(await draft(page, BASKETS_TITLE, BASKETS), tamper.url);
    assert.equal(s.title, tamper.title);
    const item = (await readInbound(page, 'md-widget')).items.find((i) => i.source === tamper.url);
    assert.equal(item.title, tamper.title, 'title shown verbatim as text');
    await page.waitForTimeout(300); // an injected <img onerror> would have fired by now
    const injected = await page.evaluate(() => ({
      xss: window.__linkerXss ?? null,
      elements: document.getElementById('md-widget').shadowRoot.querySelectorAll('script, img, iframe, [onerror]').length,
    }));
    assert.deepEqual(injected, { xss: null, elements: 0 });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('add_link_fires_a_cancelable_event_with_source_phrase_and_target_and_the_hosts_result_shows_linked_with_undo', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    await page.evaluate((url) => document.getElementById('md-widget').setAttribute('url', url), DRAFT_URL);
    const list = await draft(page, BASKETS_TITLE, BASKETS);
    const s = source(list, tamper.url);
    // The host CMS: takes the event (preventDefault) and reports later, as a request to its own server would.
    await page.evaluate(() => {
      window.__undone = [];
      document.getElementById('md-widget').addEventListener('linker-inbound-add', (e) => e.preventDefault());
    });
    let since = await mark(page);
    await page.locator(`#md-widget li[data-source="${tamper.url}"] button[data-action=add]`).click();
    const detail = await waitForEvent(page, { type: 'linker-inbound-add', id: 'md-widget', since });
    assert.deepEqual(detail, {
      source: s.source, title: s.title, anchor: s.anchor, sentence: s.sentence, start: s.start, end: s.end,
      sentenceStart: s.sentenceStart, sentenceEnd: s.sentenceEnd, target: DRAFT_URL,
    });
    let item = (await readInbound(page, 'md-widget')).items.find((i) => i.source === tamper.url);
    assert.equal(item.state, 'pending');
    assert.equal(item.add.disabled, true, 'no second click while the host works');
    assert.deepEqual(item.notes, ['Adding the link…']);
    // A host that cannot write it says why; Add link is offered again.
    await page.evaluate((src) => document.getElementById('md-widget')
      .inboundResult(src, { ok: false, message: 'the source changed since the suggestion' }), tamper.url);
    let shown = await readInbound(page, 'md-widget');
    item = shown.items.find((i) => i.source === tamper.url);
    assert.equal(item.state, 'error');
    assert.deepEqual(item.notes, ['the source changed since the suggestion']);
    assert.equal(item.add.disabled, false);
    assert.equal(shown.status, 'Not linked: the source changed since the suggestion');
    // Again, and this time the host wrote the link: "Linked", with its Undo.
    await page.locator(`#md-widget li[data-source="${tamper.url}"] button[data-action=add]`).click();
    const reported = await page.evaluate((src) => document.getElementById('md-widget').inboundResult(src, {
      ok: true,
      message: 'revision 42',
      undo: () => new Promise((resolve) => setTimeout(() => {
        window.__undone.push(src);
        resolve({ ok: true, message: 'Restored revision 41.' });
      }, 50)),
    }), tamper.url);
    assert.equal(reported, true);
    shown = await readInbound(page, 'md-widget');
    item = shown.items.find((i) => i.source === tamper.url);
    assert.equal(item.state, 'linked');
    assert.equal(item.add, null, 'no Add link once linked');
    assert.equal(item.undo, true);
    assert.deepEqual(item.notes, ['Linked — revision 42Undo']);
    assert.equal(shown.status, `Linked “${s.anchor}”`);
    assert.equal((await page.evaluate(() => document.getElementById('md-widget').inboundSuggestions))
      .find((x) => x.source === tamper.url).state, 'linked');
    await screenshot(page, 'inbound-linked-widget', page.locator('#md-widget'));
    // The draft goes on: a new answer keeps the linked source with its Undo.
    since = await mark(page);
    const more = `${BASKETS} Bottomless portafilters show channeling.`;
    await page.locator('#md-editor').fill(more);
    await waitForInbound(page, 'md-widget', { since, equals: more });
    item = (await readInbound(page, 'md-widget')).items.find((i) => i.source === tamper.url);
    assert.equal(item?.state, 'linked', 'still linked after the next answer');
    await page.locator(`#md-widget li[data-source="${tamper.url}"] button[data-action=undo]`).click();
    await page.waitForFunction((src) => document.getElementById('md-widget').inboundSuggestions
      .find((x) => x.source === src)?.state === 'undone', tamper.url);
    assert.deepEqual(await page.evaluate(() => window.__undone), [tamper.url], 'Undo called the host back once');
    item = (await readInbound(page, 'md-widget')).items.find((i) => i.source === tamper.url);
    assert.deepEqual(item.notes, ['Restored revision 41.']);
    assert.equal(item.add.disabled, false, 'it can be linked again');
    assert.equal(await page.evaluate(() => document.getElementById('md-widget').inboundResult('https://nowhere.example/', { ok: true })),
      false, 'a result for a source not listed is refused');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('an_undo_the_host_cannot_do_keeps_the_link_and_says_why', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    source(await draft(page, BASKETS_TITLE, BASKETS), tamper.url);
    await page.evaluate((src) => {
      const w = document.getElementById('md-widget');
      w.addEventListener('linker-inbound-add', (e) => {
        e.preventDefault();
        // Reported before dispatchEvent returns: the widget must not fall back to "pending".
        w.inboundResult(e.detail.source, { ok: true, undo: () => Promise.reject(new Error('the post changed since the link was added')) });
      });
      w.addInbound(src);
    }, tamper.url);
    await page.locator(`#md-widget li[data-source="${tamper.url}"] button[data-action=undo]`).click();
    await page.waitForFunction((src) => document.getElementById('md-widget').shadowRoot
      .querySelector(`li[data-source="${src}"] .note.error`), tamper.url);
    const shown = await readInbound(page, 'md-widget');
    const item = shown.items.find((i) => i.source === tamper.url);
    assert.equal(item.state, 'linked');
    assert.equal(item.undo, true, 'Undo can be tried again');
    assert.deepEqual(item.notes, ['LinkedUndo', 'Not undone: the post changed since the link was added']);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('add_link_with_no_host_to_write_it_says_how_to_link_it_by_hand', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    await page.evaluate((url) => document.getElementById('md-widget').setAttribute('url', url), DRAFT_URL);
    const s = source(await draft(page, BASKETS_TITLE, BASKETS), tamper.url);
    await page.locator(`#md-widget li[data-source="${tamper.url}"] button[data-action=add]`).click();
    const item = (await readInbound(page, 'md-widget')).items.find((i) => i.source === tamper.url);
    assert.equal(item.state, 'manual');
    assert.deepEqual(item.notes, [`Open “${s.title}” and link “${s.anchor}” to this post (${DRAFT_URL}).`]);
    assert.deepEqual(item.links, [{ href: tamper.url, text: `“${s.title}”`, target: '_blank' }], 'the source is a link to open');
    await screenshot(page, 'inbound-by-hand-widget', page.locator('#md-widget'));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('inbound_off_hides_the_list_and_never_asks_for_it_until_it_is_on_again', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const sent = inboundRequests(page);
    await page.evaluate(() => document.getElementById('md-widget').setAttribute('inbound', 'off'));
    const before = sent.length;
    await page.locator('#md-title').fill(BASKETS_TITLE);
    const since = await mark(page);
    await page.locator('#md-editor').fill(BASKETS);
    await waitForSuggestions(page, 'md-widget', { since, equals: BASKETS });
    await page.waitForTimeout(300);
    assert.equal(sent.length, before, 'no inbound request while it is off');
    assert.equal((await readInbound(page, 'md-widget')).visible, false, 'the list is hidden');
    const again = await mark(page);
    await page.evaluate(() => document.getElementById('md-widget').setAttribute('inbound', 'on'));
    source(await waitForInbound(page, 'md-widget', { since: again, equals: BASKETS }), tamper.url);
    assert.equal((await readInbound(page, 'md-widget')).visible, true);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a_draft_no_page_fits_gets_a_quiet_empty_list', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const text = 'Qwertzuiop xylograph zymurgy quoll.';
    const list = await draft(page, 'Zzyzx', text);
    assert.deepEqual(list, []);
    const shown = await readInbound(page, 'md-widget');
    assert.equal(shown.empty, 'No page of the site fits a link to this post yet.');
    assert.equal(shown.status, '', 'no error, no alarm');
    assert.deepEqual(shown.items, []);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('an_older_inbound_answer_arriving_late_never_replaces_the_newer_and_the_lists_do_not_wait_on_each_other', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    await page.locator('#md-title').fill(BASKETS_TITLE);
    const older = 'Portafilter baskets and tampers: a quick note.';
    let release;
    const held = new Promise((r) => { release = r; });
    // The older draft's inbound answer is held back until the newer one is on show.
    await page.route('**/api/v1/suggestions/inbound', async (route) => {
      if (route.request().postDataJSON().text === older) await held;
      await route.continue().catch(() => {}); // the widget may have aborted it: nothing to continue
    });
    let since = await mark(page);
    await page.locator('#md-editor').fill(older);
    await waitForSuggestions(page, 'md-widget', { since, equals: older });
    assert.equal((await readInbound(page, 'md-widget')).busy, true, 'the outbound list is answered while inbound waits');
    since = await mark(page);
    await page.locator('#md-editor').fill(BASKETS);
    const newer = await waitForInbound(page, 'md-widget', { since, equals: BASKETS });
    release();
    await page.waitForTimeout(500);
    const answers = await page.evaluate((s) => window.__linkerEvents.slice(s)
      .filter((e) => e.type === 'linker-inbound' && e.id === 'md-widget').map((e) => e.detail.text), since);
    assert.deepEqual(answers, [BASKETS], 'the older draft was never answered after the newer');
    assert.deepEqual((await readInbound(page, 'md-widget')).items.map((i) => i.source), newer.map((s) => s.source));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('inbound_server_trouble_says_retrying_in_its_own_list_and_it_comes_back', async () => {
  const proxy = await startProxy(server.url);
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/?endpoint=${encodeURIComponent(proxy.url)}`);
  try {
    source(await draft(page, BASKETS_TITLE, BASKETS), tamper.url);
    await proxy.down();
    const since = await mark(page);
    const more = `${BASKETS} Double baskets hold more coffee.`;
    await page.locator('#md-editor').fill(more);
    const error = await waitForEvent(page, { type: 'linker-error', id: 'md-widget', since });
    assert.equal(error.transient, true);
    await page.waitForFunction(() => document.getElementById('md-widget').shadowRoot
      .querySelector('section.inbound [role=status]').textContent === 'Unavailable — retrying');
    const shown = await readInbound(page, 'md-widget');
    assert.ok(shown.items.some((i) => i.source === tamper.url), 'the last sources stay on show');
    await proxy.up();
    source(await waitForInbound(page, 'md-widget', { since, equals: more, timeout: 20000 }), tamper.url);
    assert.equal((await readInbound(page, 'md-widget')).status, '', 'the error clears');
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await proxy.close();
  }
});
