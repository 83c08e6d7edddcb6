// The widget on <textarea> editors holding Markdown and HTML, in Debian's Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, openPage, readWidget, waitForSuggestions, mark, find, clickOption, screenshot, pageByPath,
  waitForEvent,
} from './support/harness.js';

const DRAFT = 'My espresso routine starts the night before. Good espresso extraction depends on a burr grinder, '
  + 'because a blade grinder makes uneven grounds. I keep an eye on water chemistry too, and every few months '
  + 'I spend an evening descaling the espresso machine.';

let server;
let browser;
let grinder;
let water;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  grinder = pageByPath(server.pages, '/gear/burr-grinder');
  water = pageByPath(server.pages, '/guides/water-chemistry');
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Replaces the editor's text (firing input, as typing does) and returns the suggestions for the new text. */
async function draft(page, selector, widgetId, text) {
  const since = await mark(page);
  await page.locator(selector).fill(text);
  return waitForSuggestions(page, widgetId, { since, equals: text });
}

test('typing_a_draft_about_espresso_lists_pages_on_that_topic_with_the_phrase_in_context', async () => {
  const { page, errors, requests, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const editor = page.locator('#md-editor');
    await editor.fill('');
    await editor.click();
    const since = await mark(page);
    const sent = requests.length;
    await page.keyboard.type(DRAFT, { delay: 5 });
    const list = await waitForSuggestions(page, 'md-widget', { since, equals: DRAFT });
    const shown = await readWidget(page, 'md-widget');
    assert.ok(shown.options.length >= 3 && shown.options.length <= 5, `3 to 5 suggestions, got ${shown.options.length}`);
    const urls = shown.options.map((o) => o.url);
    assert.deepEqual(urls, list.map((s) => s.url), 'the list shows the answer, in order');
    assert.ok(urls.includes(grinder.url), `burr grinder page suggested: ${urls.join(', ')}`);
    assert.ok(!urls.some((u) => u.includes('sourdough')), 'the bakery page is not suggested for a coffee draft');
    const value = await editor.inputValue();
    assert.equal(value, DRAFT);
    for (const s of list.filter((x) => x.anchor !== null)) {
      assert.equal(value.slice(s.start, s.end), s.anchor, `anchor of ${s.url} sits at its offsets`);
      const opt = shown.options.find((o) => o.url === s.url);
      assert.equal(opt.anchor, s.anchor, 'the anchor is the highlighted part of the context');
      assert.ok(opt.context.includes(s.anchor), 'the sentence around the anchor is shown');
      assert.ok(opt.title.length > 0 && opt.relevance >= 1 && opt.relevance <= 5, 'title and relevance are shown');
    }
    // ~230 keystrokes 5 ms apart never leave the 400 ms debounce window: one request, not one per key.
    assert.ok(requests.length - sent <= 2, `debounced: ${requests.length - sent} requests for ${DRAFT.length} keystrokes`);
    await screenshot(page, 'textarea-markdown-page');
    await screenshot(page, 'textarea-markdown-widget', page.locator('#md-widget'));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('insert_turns_the_phrase_into_a_markdown_link_at_its_offsets_and_the_target_leaves_the_list', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const s = find(await draft(page, '#md-editor', 'md-widget', DRAFT), grinder.url);
    const since = await mark(page);
    await clickOption(page, 'md-widget', grinder.url, 'insert');
    const inserted = await waitForEvent(page, { type: 'linker-insert', id: 'md-widget', since });
    assert.equal(inserted.url, grinder.url);
    assert.equal(inserted.format, 'markdown');
    const expected = `${DRAFT.slice(0, s.start)}[${s.anchor}](${grinder.url})${DRAFT.slice(s.end)}`;
    assert.equal(await page.locator('#md-editor').inputValue(), expected);
    // Gone at once, and still gone once the server has seen the new link in the draft.
    assert.ok(!(await readWidget(page, 'md-widget')).options.some((o) => o.url === grinder.url));
    const after = await waitForSuggestions(page, 'md-widget', { since, contains: `](${grinder.url})` });
    assert.ok(!after.some((x) => x.url === grinder.url), 'a linked target is not suggested again');
    assert.ok(after.length > 0, 'the other suggestions remain');
    assert.ok(!(await readWidget(page, 'md-widget')).options.some((o) => o.url === grinder.url));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('insert_in_an_html_textarea_writes_an_anchor_element_around_the_phrase', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/html.html`);
  try {
    const html = `<p>${DRAFT.replace('burr grinder', '<em>burr grinder</em>')}</p>\n<p>Soft <strong>water</strong> helps.</p>`;
    const s = find(await draft(page, '#html-editor', 'html-widget', html), water.url);
    assert.equal(html.slice(s.start, s.end), s.anchor);
    await clickOption(page, 'html-widget', water.url, 'insert');
    const expected = `${html.slice(0, s.start)}<a href="${water.url}">${s.anchor}</a>${html.slice(s.end)}`;
    assert.equal(await page.locator('#html-editor').inputValue(), expected);
    await screenshot(page, 'textarea-html-page');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('targets_the_draft_already_links_to_are_not_suggested_whether_absolute_or_relative', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const path = new URL(water.url).pathname;
    const text = `${DRAFT}\n\nMy [grinder notes](${grinder.url}) and [water notes](${path}) are older.`;
    const list = await draft(page, '#md-editor', 'md-widget', text);
    const urls = (await readWidget(page, 'md-widget')).options.map((o) => o.url);
    assert.ok(list.length > 0 && urls.length > 0, 'other pages are still suggested');
    assert.ok(!urls.includes(grinder.url), 'absolute link target is left out');
    assert.ok(!urls.includes(water.url), 'relative link target is left out');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('insert_finds_the_phrase_again_near_its_old_offset_when_the_text_moved', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const s = find(await draft(page, '#md-editor', 'md-widget', DRAFT), grinder.url);
    // Text changes that the widget has not been told about (no input event): its offsets are stale.
    const intro = 'A blade grinder is not a burr grinder, I learnt. ';
    await page.evaluate((t) => {
      const ta = document.getElementById('md-editor');
      ta.value = t + ta.value;
    }, intro);
    await clickOption(page, 'md-widget', grinder.url, 'insert');
    const value = await page.locator('#md-editor').inputValue();
    const want = intro + DRAFT.slice(0, s.start) + `[${s.anchor}](${grinder.url})` + DRAFT.slice(s.end);
    assert.equal(value, want, 'the occurrence nearest the old offset was linked, not the one in the new intro');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('dismiss_hides_a_suggestion_and_it_stays_hidden_after_the_next_request', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    find(await draft(page, '#md-editor', 'md-widget', DRAFT), water.url);
    let since = await mark(page);
    await clickOption(page, 'md-widget', water.url, 'dismiss');
    assert.ok(!(await readWidget(page, 'md-widget')).options.some((o) => o.url === water.url));
    const dismissed = await waitForEvent(page, { type: 'linker-dismiss', id: 'md-widget', since });
    assert.equal(dismissed.url, water.url);
    await waitForSuggestions(page, 'md-widget', { since });
    since = await mark(page);
    await page.locator('#md-editor').press('End');
    await page.keyboard.type(' Water chemistry matters.');
    const list = await waitForSuggestions(page, 'md-widget', { since, contains: 'matters.' });
    const urls = (await readWidget(page, 'md-widget')).options.map((o) => o.url);
    assert.ok(!urls.includes(water.url) && !list.some((x) => x.url === water.url), `dismissed target stays hidden: ${urls.join(', ')}`);
    assert.equal(await page.locator('#md-editor').inputValue(), `${DRAFT} Water chemistry matters.`, 'dismiss leaves the draft alone');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
