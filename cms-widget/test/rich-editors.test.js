// The widget on rich-text editors: a contenteditable element, TinyMCE and CKEditor 5 (both from npm), in Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, openPage, readWidget, waitForSuggestions, mark, find, clickOption, screenshot, pageByPath,
  waitForEvent,
} from './support/harness.js';

const DRAFT = 'Good espresso extraction depends on a burr grinder, because a blade grinder makes uneven grounds. '
  + 'I keep an eye on water chemistry too, and every few months I spend an evening descaling the espresso machine.';

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

/** Selects everything in the focused editor and types `text` over it, key by key. */
async function retype(page, editable, text) {
  await editable.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

test('contenteditable_insert_wraps_the_phrase_in_a_link_across_inline_formatting', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const since = await mark(page);
    const html = '<p>Good <strong>espresso extraction</strong> depends on a burr grinder, because a blade grinder makes '
      + 'uneven grounds.</p><p>I keep an eye on <em>water</em> chemistry too.</p>';
    await page.evaluate((h) => { document.getElementById('ce-editor').innerHTML = h; }, html);
    const list = await waitForSuggestions(page, 'ce-widget', { since, contains: 'chemistry too.' });
    const s = find(list, grinder.url);
    const textBefore = await page.locator('#ce-editor').textContent();
    await clickOption(page, 'ce-widget', grinder.url, 'insert');
    const link = page.locator(`#ce-editor a[href="${grinder.url}"]`);
    assert.equal(await link.textContent(), s.anchor);
    assert.equal(await page.locator('#ce-editor').textContent(), textBefore, 'only a link was added, no text changed');
    const before = await link.evaluate((a) => a.previousSibling.textContent);
    assert.ok(before.endsWith('depends on a '), `the link sits at the suggested phrase (text before: "${before}")`);
    // A phrase spanning formatting: "water chemistry" starts inside <em>.
    const w = find(list, water.url);
    assert.equal(w.anchor, 'water chemistry');
    await clickOption(page, 'ce-widget', water.url, 'insert');
    assert.equal(await page.locator(`#ce-editor a[href="${water.url}"]`).textContent(), 'water chemistry');
    assert.equal(await page.locator('#ce-editor').textContent(), textBefore);
    await screenshot(page, 'contenteditable-page');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('contenteditable_typing_lists_suggestions_and_linked_targets_drop_out', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const since = await mark(page);
    await retype(page, page.locator('#ce-editor'), DRAFT);
    const list = await waitForSuggestions(page, 'ce-widget', { since, contains: 'eye on water chemistry' });
    find(list, grinder.url);
    const again = await mark(page);
    await clickOption(page, 'ce-widget', grinder.url, 'insert');
    const after = await waitForSuggestions(page, 'ce-widget', { since: again });
    assert.ok(!after.some((x) => x.url === grinder.url), 'the linked target left the list');
    assert.ok(!(await readWidget(page, 'ce-widget')).options.some((o) => o.url === grinder.url));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('tinymce_insert_creates_the_link_through_the_editor_and_undo_removes_it', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/tinymce.html`);
  try {
    await page.waitForFunction(() => window.tinymce?.get('tiny-editor')?.initialized);
    const since = await mark(page);
    await retype(page, page.frameLocator('#tiny-editor_ifr').locator('body'), DRAFT);
    const list = await waitForSuggestions(page, 'tiny-widget', { since, contains: 'eye on water chemistry' });
    const s = find(list, grinder.url);
    assert.equal(s.anchor, 'burr grinder');
    const insertedSince = await mark(page);
    await clickOption(page, 'tiny-widget', grinder.url, 'insert');
    const ev = await waitForEvent(page, { type: 'linker-insert', id: 'tiny-widget', since: insertedSince });
    assert.equal(ev.editor, 'tinymce');
    const content = await page.evaluate(() => tinymce.get('tiny-editor').getContent());
    assert.ok(content.includes(`depends on a <a href="${grinder.url}">burr grinder</a>, because`), content);
    const text = await page.evaluate(() => tinymce.get('tiny-editor').getContent({ format: 'text' }));
    assert.equal(text.replace(/\s+/g, ' ').trim(), DRAFT, 'the text itself is unchanged');
    const after = await waitForSuggestions(page, 'tiny-widget', { since: insertedSince });
    assert.ok(!after.some((x) => x.url === grinder.url), 'the linked target left the list');
    await screenshot(page, 'tinymce-page');
    await page.evaluate(() => tinymce.get('tiny-editor').undoManager.undo());
    const undone = await page.evaluate(() => tinymce.get('tiny-editor').getContent());
    assert.ok(!undone.includes('<a '), `undo removes the link: ${undone}`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('ckeditor5_insert_sets_a_model_link_that_getdata_and_undo_see', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/ckeditor5.html`);
  try {
    await page.waitForFunction(() => window.ckEditor && document.getElementById('ck-widget').editor === window.ckEditor);
    const since = await mark(page);
    await retype(page, page.locator('.ck-editor__editable'), DRAFT);
    const list = await waitForSuggestions(page, 'ck-widget', { since, contains: 'eye on water chemistry' });
    const s = find(list, water.url);
    assert.equal(s.anchor, 'water chemistry');
    const insertedSince = await mark(page);
    await clickOption(page, 'ck-widget', water.url, 'insert');
    const ev = await waitForEvent(page, { type: 'linker-insert', id: 'ck-widget', since: insertedSince });
    assert.equal(ev.editor, 'ckeditor5');
    const data = await page.evaluate(() => window.ckEditor.getData());
    assert.ok(data.includes(`an eye on <a href="${water.url}">water chemistry</a> too`), data);
    const after = await waitForSuggestions(page, 'ck-widget', { since: insertedSince });
    assert.ok(!after.some((x) => x.url === water.url), 'the linked target left the list');
    await screenshot(page, 'ckeditor5-page');
    await page.evaluate(() => window.ckEditor.execute('undo'));
    const undone = await page.evaluate(() => window.ckEditor.getData());
    assert.ok(!undone.includes('<a '), `undo removes the link: ${undone}`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
