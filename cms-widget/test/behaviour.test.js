// How the widget behaves beyond the happy path: server outages, hostile titles, keyboard use.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, openPage, readWidget, waitForSuggestions, waitForEvent, mark, find, screenshot, pageByPath,
} from './support/harness.js';
import { startProxy } from './support/proxy.js';

const DRAFT = 'Good espresso extraction depends on a burr grinder, because a blade grinder makes uneven grounds. '
  + 'I keep an eye on water chemistry too, and every few months I spend an evening descaling the espresso machine.';

let server;
let browser;
let grinder;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  grinder = pageByPath(server.pages, '/gear/burr-grinder');
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('server_down_shows_a_quiet_retrying_state_and_suggestions_return_when_it_is_back', async () => {
  const proxy = await startProxy(server.url);
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/?endpoint=${encodeURIComponent(proxy.url)}`);
  try {
    let since = await mark(page);
    await page.locator('#md-editor').fill(DRAFT);
    find(await waitForSuggestions(page, 'md-widget', { since, equals: DRAFT }), grinder.url);
    await proxy.down();
    since = await mark(page);
    await page.locator('#md-editor').press('End');
    await page.keyboard.type(' Cold brew in summer.');
    const error = await waitForEvent(page, { type: 'linker-error', id: 'md-widget', since });
    assert.equal(error.code, 'unavailable');
    assert.equal(error.transient, true);
    await page.waitForFunction(() => document.getElementById('md-widget').shadowRoot
      .querySelector('[role=status]').textContent === 'Suggestions unavailable — retrying');
    const shown = await readWidget(page, 'md-widget');
    assert.ok(shown.options.length > 0, 'the last suggestions stay usable while the server is away');
    await screenshot(page, 'error-state-widget', page.locator('#md-widget'));
    await proxy.up();
    const back = await waitForSuggestions(page, 'md-widget', { since, contains: 'summer.', timeout: 20000 });
    assert.ok(back.some((s) => s.url.endsWith('/guides/cold-brew')), 'the new sentence is answered once the server is back');
    assert.equal((await readWidget(page, 'md-widget')).status, '', 'the error state clears');
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await proxy.close();
  }
});

test('a_server_that_takes_the_request_and_never_answers_times_out_and_is_asked_again', async () => {
  const proxy = await startProxy(server.url);
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/?endpoint=${encodeURIComponent(proxy.url)}`);
  try {
    await page.evaluate(() => document.getElementById('md-widget').setAttribute('timeout', '1500'));
    proxy.stall();
    let since = await mark(page);
    await page.locator('#md-editor').fill(DRAFT);
    const error = await waitForEvent(page, { type: 'linker-error', id: 'md-widget', since });
    assert.equal(error.code, 'timeout');
    assert.equal(error.transient, true);
    assert.match(error.message, /^No answer from .* within 1\.5 s$/);
    await page.waitForFunction(() => document.getElementById('md-widget').shadowRoot
      .querySelector('[role=status]').textContent === 'Suggestions unavailable — retrying');
    since = await mark(page);
    proxy.resume();
    find(await waitForSuggestions(page, 'md-widget', { since, equals: DRAFT, timeout: 20000 }), grinder.url);
    assert.equal((await readWidget(page, 'md-widget')).status, '', 'the error state clears');
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await proxy.close();
  }
});

test('a_widget_pointed_at_a_closed_port_reports_unavailable_without_breaking_the_page', async () => {
  const proxy = await startProxy(server.url);
  const closed = proxy.url;
  await proxy.close(); // nothing listens there any more
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/?endpoint=${encodeURIComponent(closed)}`);
  try {
    await page.waitForFunction(() => document.getElementById('md-widget').shadowRoot
      .querySelector('[role=status]').textContent.startsWith('Suggestions unavailable'));
    const shown = await readWidget(page, 'md-widget');
    assert.equal(shown.options.length, 0);
    // The editor keeps working.
    await page.locator('#md-editor').fill('Still typing.');
    assert.equal(await page.locator('#md-editor').inputValue(), 'Still typing.');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a_page_title_containing_script_and_img_markup_renders_as_text_and_runs_nothing', async () => {
  const tamper = pageByPath(server.pages, '/gear/espresso-tamper');
  assert.match(tamper.title, /<script>/, 'the fixture title carries markup');
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const since = await mark(page);
    await page.locator('#md-editor').fill('I finally bought a proper espresso tamper for my portafilter basket.');
    const s = find(await waitForSuggestions(page, 'md-widget', { since, contains: 'basket.' }), tamper.url);
    assert.equal(s.title, tamper.title);
    const shown = await readWidget(page, 'md-widget');
    assert.equal(shown.options.find((o) => o.url === tamper.url).title, tamper.title, 'title shown verbatim as text');
    await page.waitForTimeout(300); // an injected <img onerror> would have fired by now
    const injected = await page.evaluate(() => ({
      xss: window.__linkerXss ?? null,
      elements: document.getElementById('md-widget').shadowRoot.querySelectorAll('script, img, iframe, [onerror]').length,
    }));
    assert.deepEqual(injected, { xss: null, elements: 0 });
    await screenshot(page, 'xss-title-widget', page.locator('#md-widget'));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('keyboard_arrows_move_the_selection_enter_inserts_and_delete_dismisses', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    await waitForSuggestions(page, 'md-widget');
    const was = (await readWidget(page, 'md-widget')).options.find((o) => o.selected);
    let since = await mark(page);
    await page.locator('#md-editor').fill(DRAFT);
    const list = await waitForSuggestions(page, 'md-widget', { since, equals: DRAFT });
    assert.ok(list.length >= 3, `needs 3 suggestions, got ${list.length}`);
    // the selection stays on the page it was on when that page is still listed, else it is the first
    const kept = was ? list.findIndex((o) => o.url === was.url) : -1;
    await page.locator('#md-editor').focus();
    await page.keyboard.press('Tab'); // editor → the widget's listbox
    const focus = () => page.evaluate(() => {
      const w = document.getElementById('md-widget');
      const lb = w.shadowRoot.activeElement;
      return document.activeElement === w && lb
        ? { role: lb.getAttribute('role'), active: lb.getAttribute('aria-activedescendant') } : null;
    });
    const selected = async () => (await readWidget(page, 'md-widget')).options.findIndex((o) => o.selected);
    const f = await focus();
    assert.equal(f?.role, 'listbox', 'Tab from the editor reaches the suggestions list');
    assert.ok(f.active, 'the list names its active option');
    assert.equal(await selected(), Math.max(kept, 0));
    await page.keyboard.press('Home');
    assert.equal(await selected(), 0);
    await page.keyboard.press('ArrowDown');
    assert.equal(await selected(), 1);
    await page.keyboard.press('End');
    assert.equal(await selected(), list.length - 1);
    await page.keyboard.press('ArrowDown');
    assert.equal(await selected(), 0, 'wraps around');
    await page.keyboard.press('ArrowUp');
    assert.equal(await selected(), list.length - 1);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const victim = (await readWidget(page, 'md-widget')).options[1];
    since = await mark(page);
    await page.keyboard.press('Delete');
    const d = await waitForEvent(page, { type: 'linker-dismiss', id: 'md-widget', since });
    assert.equal(d.url, victim.url);
    let shown = await readWidget(page, 'md-widget');
    assert.ok(!shown.options.some((o) => o.url === victim.url), 'Delete dismissed the selected option');
    assert.equal(await selected(), 1, 'the selection stays in place, on the next option');
    await waitForSuggestions(page, 'md-widget', { since });
    shown = await readWidget(page, 'md-widget');
    const target = shown.options.find((o) => o.selected);
    const s = shown.data.find((x) => x.url === target.url);
    const before = await page.locator('#md-editor').inputValue();
    await page.keyboard.press('Enter');
    const value = await page.locator('#md-editor').inputValue();
    if (s.anchor !== null) {
      assert.equal(value, `${before.slice(0, s.start)}[${s.anchor}](${s.url})${before.slice(s.end)}`, 'Enter inserted the selected one');
    } else {
      assert.ok(value.includes(`(see [${s.wording}](${s.url}))`), `Enter added the selected one's link: ${value}`);
    }
    assert.equal((await focus())?.role, 'listbox', 'focus stays in the list for the next choice');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('relevance_is_shown_one_way_relative_to_the_best_with_the_reason_in_words_and_stays_when_one_is_dismissed', async () => {
  const { page, errors, close } = await openPage(browser, `${server.url}/demo/`);
  try {
    const text = `${DRAFT} I buy a fresh bag every week from a local roaster and keep it airtight.`;
    let since = await mark(page);
    await page.locator('#md-editor').fill(text);
    const list = await waitForSuggestions(page, 'md-widget', { since, equals: text });
    assert.ok(list.length >= 3, `needs 3 suggestions, got ${list.length}`);
    const shown = await readWidget(page, 'md-widget');
    const best = Math.max(...list.map((s) => s.score));
    const words = { name: 'named in your draft', distinctive: 'key words of the page', semantic: 'related in meaning' };
    for (const [i, o] of shown.options.entries()) {
      const s = list[i];
      // Whatever the score's range (0.43 or 1.38), the same scale: a level out of 5 by its ratio to the best.
      assert.equal(o.relevance, Math.min(5, Math.max(1, Math.round((5 * s.score) / best))), `${o.url}: level of ${s.score}`);
      assert.equal(o.scoreText, '', `${o.url}: no raw number or percentage in the list`);
      assert.ok(o.scoreTitle.includes(`score ${Math.round(s.score * 100) / 100}`), `${o.url}: the raw score is in the tooltip: ${o.scoreTitle}`);
      assert.ok(o.label.endsWith(`relevance ${o.relevance} of 5`), `${o.url}: and in the option's label: ${o.label}`);
      if (s.anchor !== null) assert.equal(o.reason, words[s.reasons.anchor], `${o.url}: reasons.anchor in words`);
    }
    assert.equal(shown.options[0].relevance, 5, 'the best suggestion is full');
    const levels = Object.fromEntries(shown.options.map((o) => [o.url, o.relevance]));
    since = await mark(page);
    await page.locator(`#md-widget li[role=option][data-url="${shown.options[0].url}"] button[data-action=dismiss]`).click();
    const stay = (when, options) => {
      for (const o of options) assert.equal(o.relevance, levels[o.url], `${o.url}: its level stays ${when}`);
    };
    stay('at once', (await readWidget(page, 'md-widget')).options);
    await waitForSuggestions(page, 'md-widget', { since, equals: text });
    const after = await readWidget(page, 'md-widget');
    stay('when the server answers without the dismissed page', after.options.filter((o) => o.url in levels));
    await screenshot(page, 'relevance-widget', page.locator('#md-widget'));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
