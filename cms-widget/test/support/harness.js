// Shared set-up for the browser tests: a Linker server (the fixture one, or a real one named by LINKER_SERVER_URL),
// seeded with the example pages through the public API, and Debian's Chromium driven by playwright-core.
import { readFile, mkdir, access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startFixtureServer } from './fixture-server.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Runs against a real server keep their own screenshots next to the fixture run's.
export const SCREENSHOTS = path.join(ROOT, 'target', 'screenshots', ...(process.env.LINKER_SERVER_URL ? ['real-server'] : []));
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function examplePages() {
  return JSON.parse(await readFile(path.join(ROOT, 'test', 'fixtures', 'pages.json'), 'utf8')).pages;
}

export function pageByPath(pages, suffix) {
  const p = pages.find((x) => x.url.endsWith(suffix));
  if (!p) throw new Error(`fixture page ${suffix} missing from test/fixtures/pages.json`);
  return p;
}

/** The server under test. With LINKER_SERVER_URL (and LINKER_API_KEY) set, a running Linker server is used. */
export async function startServer() {
  const pages = await examplePages();
  let server;
  if (process.env.LINKER_SERVER_URL) {
    const url = process.env.LINKER_SERVER_URL.replace(/\/+$/, '');
    server = { url, apiKey: process.env.LINKER_API_KEY || '', close: async () => {}, real: true };
  } else {
    server = await startFixtureServer({ pages: [] });
  }
  // Seeding through PUT /api/v1/pages in both modes keeps the fixture honest about the write API too.
  const res = await fetch(`${server.url}/api/v1/pages`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.apiKey}` },
    body: JSON.stringify({ pages }),
  });
  if (!res.ok) throw new Error(`seeding ${server.url}/api/v1/pages failed: HTTP ${res.status} ${await res.text()}`);
  if (server.real) await waitUntilSearchable(server.url, pages);
  return { ...server, pages };
}

async function waitUntilSearchable(base, pages) {
  // A real server indexes near-real-time; wait (bounded) until a seeded page can be suggested.
  const p = pageByPath(pages, '/gear/burr-grinder');
  for (let i = 0; i < 50; i++) {
    const r = await fetch(`${base}/api/v1/suggestions`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: '', text: 'I need a burr grinder for espresso.', format: 'text', limit: 20, exclude: [] }),
    });
    if (r.ok && (await r.json()).suggestions.some((s) => s.url === p.url)) return;
    await new Promise((f) => setTimeout(f, 100));
  }
  throw new Error(`${base} never suggested the seeded page ${p.url}`);
}

export async function launchBrowser() {
  try {
    await access(CHROMIUM);
  } catch {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  // playwright gives each launch a fresh temporary profile (user-data-dir) and removes it on close.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// Installed in every page before its scripts run: records the widgets' events so tests can wait for the answer
// to a given draft instead of for whatever answer comes first.
function recordLinkerEvents() {
  window.__linkerEvents = [];
  for (const type of ['linker-suggestions', 'linker-error', 'linker-insert', 'linker-dismiss', 'linker-inbound',
    'linker-inbound-add']) {
    document.addEventListener(type, (e) => {
      window.__linkerEvents.push({ type, id: e.target.id, detail: JSON.parse(JSON.stringify(e.detail ?? null)) });
    }, true);
  }
}

/** A fresh page that records uncaught page errors and the widget's API requests. */
export async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(recordLinkerEvents);
  const errors = [];
  const requests = [];
  const all = []; // every request the page made: {method, url}
  page.on('pageerror', (e) => errors.push(e));
  page.on('request', (r) => {
    all.push({ method: r.method(), url: r.url() });
    if (r.url().endsWith('/api/v1/suggestions') && r.method() === 'POST') requests.push(r);
  });
  await page.goto(url);
  return { page, errors, requests, all, close: () => context.close() };
}

export async function screenshot(page, name, locator) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await (locator || page).screenshot({ path: file });
  return file;
}

/** How many widget events the page has seen so far; pass it as `since` to wait for later ones. */
export function mark(page) {
  return page.evaluate(() => window.__linkerEvents.length);
}

/**
 * Waits for a widget event of `type` from element `id` after index `since`. For linker-suggestions events,
 * `equals` (the exact draft text) or `contains` (a part of it) picks the answer to that draft, not to an older one.
 * Returns the event's detail.
 */
export async function waitForEvent(page, { type = 'linker-suggestions', id, since = 0, contains, equals, timeout = 10000 }) {
  let handle;
  try {
    handle = await page.waitForFunction(([t, i, s, c, q]) => window.__linkerEvents.slice(s)
      .find((e) => e.type === t && e.id === i
        && (c == null || ((e.detail && e.detail.text) || '').includes(c))
        && (q == null || (e.detail && e.detail.text) === q)),
    [type, id, since, contains ?? null, equals ?? null], { timeout });
  } catch (err) {
    throw new Error(`${err.message}\nwaiting for ${type} from #${id}${contains != null ? ` containing "${contains}"` : ''}; `
      + `what the page had: ${await widgetState(page, id, since)}`);
  }
  return (await handle.jsonValue()).detail;
}

/** What a widget shows and the events it sent since `since`, for a failing wait's message. */
async function widgetState(page, id, since) {
  try {
    return JSON.stringify(await page.evaluate(([i, s]) => {
      const w = document.getElementById(i);
      const root = w && w.shadowRoot;
      return {
        widget: w ? { editor: w.dataset.editor ?? null, status: root?.querySelector('[role=status]')?.textContent ?? null,
          busy: root?.querySelector('[role=listbox]')?.getAttribute('aria-busy') ?? null } : 'missing',
        events: window.__linkerEvents.slice(s).filter((e) => e.id === i).slice(-5).map((e) => ({
          type: e.type, text: e.detail?.text != null ? `…${e.detail.text.slice(-40)}` : undefined,
          code: e.detail?.code, message: e.detail?.message,
        })),
      };
    }, [id, since]));
  } catch (e) {
    return `(not readable: ${e.message})`;
  }
}

/** Waits for the suggestions answering a draft equal to `equals` or containing `contains`. */
export async function waitForSuggestions(page, id, { since = 0, contains, equals, timeout } = {}) {
  return (await waitForEvent(page, { id, since, contains, equals, timeout })).suggestions;
}

/** What a widget shows: one entry per option, read from its shadow DOM. */
export function readWidget(page, widgetId) {
  return page.evaluate((id) => {
    const w = document.getElementById(id);
    const root = w.shadowRoot;
    return {
      status: root.querySelector('[role=status]').textContent,
      options: [...root.querySelectorAll('li[role=option]')].map((li) => ({
        url: li.dataset.url,
        kind: li.dataset.kind, // "phrase" (the phrase becomes the link) or "add" (a new link is added)
        label: li.getAttribute('aria-label'),
        title: li.querySelector('.title').textContent,
        anchor: li.querySelector('mark')?.textContent ?? null,
        note: li.querySelector('.note')?.textContent ?? '',
        addition: li.querySelector('ins')?.textContent ?? '',
        context: li.querySelector('.context').textContent,
        relevance: Number(li.querySelector('.score').dataset.level),
        scoreText: li.querySelector('.score').textContent,
        scoreTitle: li.querySelector('.score').getAttribute('title') || '',
        reason: li.querySelector('.why')?.textContent ?? '',
        insertLabel: li.querySelector('button[data-action=insert]').getAttribute('aria-label'),
        selected: li.getAttribute('aria-selected') === 'true',
      })),
      data: w.suggestions,
    };
  }, widgetId);
}

/** Waits for the "Link to this post" answer to a draft equal to `equals` or containing `contains`. */
export async function waitForInbound(page, id, { since = 0, contains, equals, timeout } = {}) {
  return (await waitForEvent(page, { type: 'linker-inbound', id, since, contains, equals, timeout })).suggestions;
}

/** What a widget's "Link to this post" list shows: one entry per source, read from its shadow DOM. */
export function readInbound(page, widgetId) {
  return page.evaluate((id) => {
    const w = document.getElementById(id);
    const panel = w.shadowRoot.querySelector('section.inbound');
    return {
      visible: !!panel && !panel.hidden && panel.getClientRects().length > 0,
      heading: panel.querySelector('h2').textContent,
      status: panel.querySelector('[role=status]').textContent,
      empty: panel.querySelector('.empty').hidden ? null : panel.querySelector('.empty').textContent,
      busy: panel.querySelector('ul').getAttribute('aria-busy') === 'true',
      items: [...panel.querySelectorAll('li')].map((li) => ({
        source: li.dataset.source,
        state: li.dataset.state,
        title: li.querySelector('.title').textContent,
        anchor: li.querySelector('mark')?.textContent ?? null,
        context: li.querySelector('.context').textContent,
        relevance: Number(li.querySelector('.score').dataset.level),
        reason: li.querySelector('.why')?.textContent ?? '',
        add: li.querySelector('button[data-action=add]')
          ? { label: li.querySelector('button[data-action=add]').getAttribute('aria-label'),
            disabled: li.querySelector('button[data-action=add]').disabled } : null,
        undo: !!li.querySelector('button[data-action=undo]'),
        notes: [...li.querySelectorAll('.note')].map((n) => n.textContent),
        links: [...li.querySelectorAll('.note a')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent, target: a.target })),
      })),
      data: w.inboundSuggestions,
    };
  }, widgetId);
}

export function find(list, url, what = 'suggestions') {
  const s = list.find((x) => x.url === url);
  if (!s) throw new Error(`${url} not among the ${what}: ${list.map((x) => x.url).join(', ') || '(none)'}`);
  return s;
}

export async function clickOption(page, widgetId, url, action) {
  await page.locator(`#${widgetId} li[role=option][data-url="${url}"] button[data-action=${action}]`).click();
}
