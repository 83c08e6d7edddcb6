// <linker-suggestions>: internal-link suggestions beside a CMS editor. Dependency-free ES module.
//
//   <script type="module" src="https://linker.example/widget/linker-suggestions.js"></script>
//   <linker-suggestions endpoint="https://linker.example" for="editor-id" limit="5"></linker-suggestions>
//
// Two lists for the draft: "Link suggestions" (pages the draft should link to; Insert makes the link in the editor) and
// "Link to this post" (existing pages that should link to the draft, each with the phrase of its own text; Add link
// asks the host CMS to write that link into the other page).
//
// Attributes: endpoint (server origin, default: this page's origin), for (id of the editor element), limit (1-20,
// default 5; both lists), api-key (sent as a Bearer token; use a read-only key), format (markdown|html|text, for
// textareas; guessed when absent), url (the draft's own URL, never suggested; the target of the inbound links),
// title-for (id of the title input), debounce (ms), timeout (ms a request may take before it counts as failed and is
// retried, default 15000), add-inline / add-block (how a link is added where no phrase fits: "(see {link})",
// "See also: {link}"), inbound ("off" hides "Link to this post" and never asks for it).
// Property: editor (a TinyMCE or CKEditor 5 instance, an element, or an adapter {read, insertLink, subscribe} with
// optional addLink for suggestions without a phrase); suggestions, inboundSuggestions (what is shown, copies);
// headers (more request headers, or a function returning them, asked at each request: how a CMS that answers for the
// server, as the WordPress plug-in does, gets its own nonce; cookies go only to an endpoint of the page's own origin).
// Methods: refresh(), insert(n), dismiss(n), addInbound(source), inboundResult(source, {ok, message, undo}) — how the
// host reports the link it wrote for linker-inbound-add (undo: a function, shown as an Undo button; may return a
// promise of {ok, message}).
// Events: linker-suggestions, linker-insert (cancelable, before the link is made), linker-dismiss, linker-error
// ({code, message, transient, list: "outbound"|"inbound"}), linker-inbound ({suggestions, text, target}),
// linker-inbound-add (cancelable; {source, title, anchor, sentence, start, end, sentenceStart, sentenceEnd, target}:
// a host that writes the link calls preventDefault() and later inboundResult(); unhandled, the item says how to link
// by hand).
// Theming: --linker-font, --linker-fg, --linker-bg, --linker-muted, --linker-border, --linker-accent,
// --linker-accent-fg, --linker-highlight, --linker-error, --linker-radius; parts: panel, header, list, option,
// title, context, anchor, note, addition, score, reason, insert, dismiss, status; the inbound list's panel, list and
// items carry the same parts plus inbound, inbound-list, inbound-option, and its buttons and note inbound-add,
// inbound-undo, inbound-note.
import { resolveAdapter } from './adapters/index.js';

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;
const DEFAULT_DEBOUNCE_MS = 400;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30000;
const DEFAULT_TIMEOUT_MS = 15000;
const SUGGESTIONS_PATH = '/api/v1/suggestions';
const INBOUND_PATH = '/api/v1/suggestions/inbound';
const EDITOR_WAIT_MS = 200;
const EDITOR_UPGRADE_MS = 15000;
const CONTEXT_CHARS = 70;
// Relevance is shown as a level out of this many, by the score's ratio to the best score of the answer.
const LEVELS = 5;

// How a link is added where no phrase of the draft fits: in the sentence (before its stop) or as a paragraph at the
// end, in the language of the editor's content ({link} is the link, worded as the server says).
const ADD_TEMPLATES = {
  en: { inline: '(see {link})', block: 'See also: {link}' },
  de: { inline: '(siehe {link})', block: 'Siehe auch: {link}' },
  es: { inline: '(véase {link})', block: 'Véase también: {link}' },
  fr: { inline: '(voir {link})', block: 'Voir aussi : {link}' },
  it: { inline: '(vedi {link})', block: 'Vedi anche: {link}' },
  nl: { inline: '(zie {link})', block: 'Zie ook: {link}' },
  pt: { inline: '(ver {link})', block: 'Veja também: {link}' },
};

// reasons.anchor: which rule chose the phrase, in words.
const ANCHOR_REASONS = {
  name: 'named in your draft',
  distinctive: 'key words of the page',
  semantic: 'related in meaning',
  none: 'no phrase fits',
};

// reasons.anchor of an inbound suggestion: why this phrase of the other page, in words.
const INBOUND_REASONS = {
  name: 'names this post',
  distinctive: 'key words of this post',
  semantic: 'related in meaning',
};

const STYLE = `
:host { display: block; font: var(--linker-font, 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif);
  color: var(--linker-fg, #1f2328); }
:host([hidden]) { display: none; }
.panel { background: var(--linker-bg, #fff); border: 1px solid var(--linker-border, #d0d7de);
  border-radius: var(--linker-radius, 8px); padding: .6em .6em .4em; }
.header { display: flex; align-items: baseline; justify-content: space-between; gap: .5em; margin: 0 0 .4em; }
.heading { font-weight: 600; font-size: 1em; margin: 0; flex: none; }
.status { color: var(--linker-muted, #59636e); font-size: .85em; min-width: 0; text-align: right; overflow-wrap: anywhere; }
.status.error { color: var(--linker-error, #9a6700); }
ul { list-style: none; margin: 0; padding: 0; outline: none; }
ul:focus-visible { box-shadow: 0 0 0 2px var(--linker-accent, #0969da); border-radius: var(--linker-radius, 8px); }
ul[aria-busy="true"] { opacity: .7; }
li { padding: .5em; border-radius: calc(var(--linker-radius, 8px) - 2px); border: 1px solid transparent; cursor: default; }
li + li { margin-top: .25em; }
ul:focus li[aria-selected="true"] { border-color: var(--linker-accent, #0969da);
  background: color-mix(in srgb, var(--linker-accent, #0969da) 6%, transparent); }
.top { display: flex; justify-content: space-between; gap: .5em; align-items: baseline; }
.title { font-weight: 600; overflow-wrap: anywhere; }
.score { display: inline-flex; gap: 2px; flex: none; align-self: center; cursor: help; }
.pip { width: .4em; height: .75em; border-radius: 1px;
  background: color-mix(in srgb, var(--linker-muted, #59636e) 22%, transparent); }
.pip.on { background: var(--linker-accent, #0969da); }
.url { color: var(--linker-muted, #59636e); font-size: .8em; overflow-wrap: anywhere; }
.context { margin: .3em 0; font-size: .9em; overflow-wrap: anywhere; }
mark { background: var(--linker-highlight, #fff1a8); color: inherit; border-radius: 2px; padding: 0 .1em; }
.note { margin: .3em 0 0; font-size: .85em; color: var(--linker-muted, #59636e); }
ins { text-decoration: none; background: color-mix(in srgb, var(--linker-accent, #0969da) 10%, transparent);
  border-radius: 2px; padding: 0 .1em; }
ins .wording { color: var(--linker-accent, #0969da); text-decoration: underline; }
.actions { display: flex; gap: .4em; align-items: baseline; }
.why { margin-left: auto; color: var(--linker-muted, #59636e); font-size: .75em; text-align: right; }
button { font: inherit; font-size: .85em; padding: .2em .7em; border-radius: 4px; cursor: pointer;
  border: 1px solid var(--linker-border, #d0d7de); background: transparent; color: inherit; }
button.insert { background: var(--linker-accent, #0969da); border-color: var(--linker-accent, #0969da);
  color: var(--linker-accent-fg, #fff); }
button:focus-visible { outline: 2px solid var(--linker-accent, #0969da); outline-offset: 1px; }
.hint { color: var(--linker-muted, #59636e); font-size: .75em; margin: .4em 0 0; }
.hint[hidden], .empty[hidden] { display: none; }
.empty { color: var(--linker-muted, #59636e); font-size: .9em; margin: .2em 0; }
.panel[hidden] { display: none; }
.panel + .panel { margin-top: .6em; }
button[disabled] { opacity: .55; cursor: default; }
.inbound .note { margin-top: .35em; }
.inbound .note.done { color: var(--linker-fg, #1f2328); }
.inbound .note.error { color: var(--linker-error, #9a6700); }
.inbound .note button { margin-left: .4em; }
.inbound a { color: var(--linker-accent, #0969da); overflow-wrap: anywhere; }
`;

function el(doc, tag, attrs = {}, text) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text; // data only ever goes in as text, never as markup
  return e;
}

/** Normalises a link target for comparison: absolute, no fragment, no trailing slash. */
export function targetKey(href, base) {
  try {
    const u = new URL(String(href).trim(), base);
    u.hash = '';
    let path = u.pathname.replace(/\/+$/, '') || '/';
    return `${u.protocol === 'http:' || u.protocol === 'https:' ? '' : u.protocol}//${u.host.toLowerCase()}${path}${u.search}`;
  } catch {
    return String(href).trim();
  }
}

/** The path part only, for comparing a relative link in the draft with a page's absolute URL. */
function pathKey(href) {
  try {
    const u = new URL(String(href).trim(), 'http://relative.invalid');
    return (u.pathname.replace(/\/+$/, '') || '/') + u.search;
  } catch {
    return String(href).trim();
  }
}

function isRelative(href) {
  return !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(String(href).trim());
}

const WORD = /[\p{L}\p{N}]/u;

function overlaps(ranges, start, end) {
  return ranges.some(([s, e]) => start < e && end > s);
}

/** Offsets of `phrase` in `text` at word boundaries and outside blocked ranges, nearest to `near` first. */
export function locatePhrase(text, phrase, near, blocked = []) {
  if (!phrase) return null;
  const find = (hay, needle) => {
    const hits = [];
    for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
      const before = i > 0 ? text[i - 1] : '';
      const after = text[i + needle.length] || '';
      if (WORD.test(before) || WORD.test(after) || overlaps(blocked, i, i + needle.length)) continue;
      hits.push(i);
    }
    return hits;
  };
  let hits = find(text, phrase);
  if (!hits.length) hits = find(text.toLowerCase(), phrase.toLowerCase());
  if (!hits.length) return null;
  hits.sort((a, b) => Math.abs(a - near) - Math.abs(b - near));
  return { start: hits[0], end: hits[0] + phrase.length };
}

/** The first occurrence of `needle` in `text` nearest to `near`, or -1. */
function nearestOccurrence(text, needle, near) {
  let best = -1;
  if (!needle) return best;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    if (best < 0 || Math.abs(i - near) < Math.abs(best - near)) best = i;
  }
  return best;
}

const STOPS = '.!?…';

/**
 * Where a new link goes in the sentence at [start, end) of `text`: before the stop that ends it ("… grounds (see X)."),
 * or at its end when it has none or closes with a quote or bracket after the stop ("… “go there.” (see X)").
 */
export function linkPoint(text, start, end) {
  if (end > start && STOPS.includes(text[end - 1])) {
    let p = end - 1;
    while (p > start && STOPS.includes(text[p - 1])) p--;
    if (p > start) return p;
  }
  return end;
}

/**
 * Relevance as a level from 1 to 5: the score's ratio to `best` (the best score the list was given), so the top
 * suggestion is 5 and the others say how close they come; 0 when there is no score to compare.
 */
export function relevanceLevel(score, best) {
  if (typeof score !== 'number' || !Number.isFinite(score) || !(best > 0)) return 0;
  return Math.min(LEVELS, Math.max(1, Math.round((LEVELS * Math.max(0, score)) / best)));
}

/** reasons.anchor in words ("named in your draft"), or "" for a rule this widget does not know. */
export function anchorReason(reasons) {
  const rule = reasons && typeof reasons.anchor === 'string' ? reasons.anchor : '';
  return Object.prototype.hasOwnProperty.call(ANCHOR_REASONS, rule) ? ANCHOR_REASONS[rule] : '';
}

function reasonsText(reasons) {
  if (!reasons || typeof reasons !== 'object') return '';
  return Object.entries(reasons)
    .map(([k, v]) => `${k} ${typeof v === 'number' ? (Math.round(v * 100) / 100) : String(v)}`)
    .join(' · ');
}

function formatScore(x) {
  return Math.round(x * 100) / 100;
}

/** A template such as "(see {link})" split around its link; null unless {link} occurs exactly once. */
function splitTemplate(template) {
  if (typeof template !== 'string') return null;
  const parts = template.split('{link}');
  return parts.length === 2 ? { before: parts[0], after: parts[1] } : null;
}

/** The end of `s`, at most about `max` characters, cut at a word, with "… " in front when cut. */
function tail(s, max) {
  if (s.length <= max) return s;
  const from = s.indexOf(' ', s.length - max);
  return `… ${s.slice(from >= 0 ? from + 1 : s.length - max)}`;
}

let instances = 0;

export class LinkerSuggestions extends HTMLElement {
  static get observedAttributes() {
    return ['endpoint', 'for', 'limit', 'api-key', 'format', 'url', 'title-for', 'add-inline', 'add-block', 'language',
      'inbound'];
  }

  #id = ++instances;
  #editor = null;
  #adapter = null;
  #unsubscribe = null;
  #debounceTimer = 0;
  #retryTimer = 0;
  #waitTimer = 0;
  #retryDelay = RETRY_MIN_MS;
  #controller = null;
  #lastKey = '';
  #received = []; // the last answer, before local filtering
  #receivedText = ''; // the draft that answer was for: offsets in it are offsets in this text
  // The score relevance levels are relative to: the best of the answer, kept while the draft stays the same (or
  // changes only by a link this widget made), so dismissing or inserting does not rescale what is left.
  #scale = { best: 0, text: null };
  #suggestions = []; // what is on display
  #active = 0;
  #dismissed = new Set();
  #ui = null;
  // "Link to this post": its own request (abortable apart from the outbound one, so neither applies the other's stale
  // answer), retries and answer; `states` keeps what happened to each source's link (by source URL) across answers.
  #in = {
    controller: null, lastKey: '', pendingKey: '', retryTimer: 0, retryDelay: RETRY_MIN_MS, received: [], target: null,
    best: 0, items: [], states: new Map(),
  };

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  /** The editor the widget works on; set it when auto-detection from `for` is not enough. */
  get editor() {
    return this.#editor;
  }

  set editor(value) {
    this.#editor = value || null;
    if (this.isConnected) this.#attach();
  }

  /** The suggestions on display (copies). */
  get suggestions() {
    return this.#suggestions.map((s) => ({ ...s }));
  }

  /** "Link to this post" as shown: each source with its phrase and what became of its link (`state`). Copies. */
  get inboundSuggestions() {
    return this.#in.items.map((s) => ({ ...s, ...this.#inState(s.source) }));
  }

  /** Asks the server again now, even if the draft did not change. */
  refresh() {
    this.#lastKey = '';
    this.#in.lastKey = '';
    this.#request();
  }

  connectedCallback() {
    if (!this.#ui) this.#render();
    // A page may set el.editor before this module defined the element: that landed as a plain own property,
    // which would shadow the class's accessor. Take it over.
    if (Object.prototype.hasOwnProperty.call(this, 'editor')) {
      const value = this.editor;
      delete this.editor;
      this.#editor = value || null;
    }
    this.#attach();
  }

  disconnectedCallback() {
    this.#detach();
    clearTimeout(this.#debounceTimer);
    clearTimeout(this.#retryTimer);
    if (this.#controller) this.#controller.abort();
    this.#stopInbound();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (!this.isConnected || oldValue === newValue) return;
    if (name === 'for' || name === 'format') this.#attach();
    else if (name === 'add-inline' || name === 'add-block') this.#show(this.#suggestions, 'No link suggestions for this draft yet.');
    else if (name === 'inbound') this.#inboundSwitched();
    else this.#schedule(0);
  }

  // ---- setup -------------------------------------------------------------------------------------------------

  #render() {
    const doc = this.ownerDocument;
    const root = this.shadowRoot;
    const style = el(doc, 'style');
    style.textContent = STYLE;
    const panel = el(doc, 'section', { class: 'panel', part: 'panel', 'aria-labelledby': `h${this.#id}` });
    const header = el(doc, 'div', { class: 'header', part: 'header' });
    const heading = el(doc, 'h2', { class: 'heading', id: `h${this.#id}` }, this.getAttribute('heading') || 'Link suggestions');
    const status = el(doc, 'span', { class: 'status', part: 'status', role: 'status', 'aria-live': 'polite' });
    header.append(heading, status);
    const list = el(doc, 'ul', {
      role: 'listbox', tabindex: '0', part: 'list', 'aria-labelledby': `h${this.#id}`, 'aria-describedby': `k${this.#id}`,
    });
    const empty = el(doc, 'p', { class: 'empty', part: 'empty' }, 'Start writing to get link suggestions.');
    const hint = el(doc, 'p', { class: 'hint', id: `k${this.#id}` }, '↑ ↓ choose · Enter insert · Delete dismiss');
    hint.hidden = true;
    panel.append(header, list, empty, hint);
    const inbound = this.#renderInbound(doc);
    root.append(style, panel, inbound.panel);
    list.addEventListener('keydown', (e) => this.#onKey(e));
    list.addEventListener('click', (e) => this.#onClick(e));
    list.addEventListener('focus', () => this.#paintActive());
    this.#ui = { list, status, empty, hint, inbound };
  }

  /**
   * "Link to this post": a plain list (its buttons are in the Tab order; nothing to choose between), with a status
   * line of its own so its errors and results never overwrite the outbound list's.
   */
  #renderInbound(doc) {
    const panel = el(doc, 'section', { class: 'panel inbound', part: 'panel inbound', 'aria-labelledby': `hi${this.#id}` });
    const header = el(doc, 'div', { class: 'header', part: 'header' });
    const heading = el(doc, 'h2', { class: 'heading', id: `hi${this.#id}` }, this.getAttribute('inbound-heading') || 'Link to this post');
    const status = el(doc, 'span', { class: 'status', part: 'status', role: 'status', 'aria-live': 'polite' });
    header.append(heading, status);
    const list = el(doc, 'ul', { part: 'list inbound-list', 'aria-labelledby': `hi${this.#id}` });
    const empty = el(doc, 'p', { class: 'empty', part: 'empty' }, 'Start writing to see which pages could link here.');
    panel.append(header, list, empty);
    panel.hidden = this.#inboundOff();
    list.addEventListener('click', (e) => this.#onInboundClick(e));
    return { panel, list, status, empty };
  }

  #attach() {
    this.#detach();
    const target = this.getAttribute('for') ? this.ownerDocument.getElementById(this.getAttribute('for')) : null;
    let adapter = null;
    try {
      adapter = resolveAdapter(target, this.#editor, { format: this.getAttribute('format') || undefined });
    } catch (err) {
      this.#fail('editor', err.message, false);
      return;
    }
    if (!adapter) {
      // Rich editors initialise after the page's scripts run; look again shortly.
      this.#waitTimer = setTimeout(() => this.#attach(), EDITOR_WAIT_MS);
      return;
    }
    this.#adapter = adapter;
    this.#unsubscribe = adapter.subscribe(() => this.#changed());
    this.#schedule(0);
    if (adapter.kind === 'textarea' && !this.#editor) this.#watchForUpgrade(target, Date.now() + EDITOR_UPGRADE_MS);
  }

  /**
   * TinyMCE and CKEditor 5 often take over a textarea after this element has connected (they initialise on
   * DOM ready or later); keep checking for a while, and move to the rich editor when one appears.
   */
  #watchForUpgrade(target, deadline) {
    if (Date.now() > deadline) return;
    this.#waitTimer = setTimeout(() => {
      let next = null;
      try {
        next = resolveAdapter(target, null, { format: this.getAttribute('format') || undefined });
      } catch {
        next = null;
      }
      if (next && next.kind !== 'textarea') this.#attach();
      else if (this.#adapter && this.#adapter.kind === 'textarea') this.#watchForUpgrade(target, deadline);
    }, EDITOR_WAIT_MS);
  }

  #detach() {
    clearTimeout(this.#waitTimer);
    if (this.#unsubscribe) this.#unsubscribe();
    this.#unsubscribe = null;
    this.#adapter = null;
    this.#lastKey = '';
    this.#in.lastKey = '';
  }

  // ---- requests ----------------------------------------------------------------------------------------------

  #schedule(delay) {
    clearTimeout(this.#debounceTimer);
    const ms = delay ?? (Number(this.getAttribute('debounce')) >= 0 && this.hasAttribute('debounce')
      ? Number(this.getAttribute('debounce')) : DEFAULT_DEBOUNCE_MS);
    this.#debounceTimer = setTimeout(() => this.#request(), ms);
  }

  /** The draft changed: whatever is in flight answers an old text, so drop it, and ask again after a pause. */
  #changed() {
    if (this.#controller) {
      this.#controller.abort();
      this.#done(this.#controller);
    }
    if (this.#in.controller) {
      this.#in.controller.abort();
      this.#inDone(this.#in.controller);
    }
    this.#schedule();
  }

  #timeout() {
    const ms = Number(this.getAttribute('timeout'));
    return this.hasAttribute('timeout') && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
  }

  #limit() {
    const n = parseInt(this.getAttribute('limit') ?? '', 10);
    return Number.isFinite(n) ? Math.min(MAX_LIMIT, Math.max(1, n)) : DEFAULT_LIMIT;
  }

  #base() {
    return this.getAttribute('url') || this.ownerDocument.baseURI;
  }

  #endpoint(path = SUGGESTIONS_PATH) {
    const origin = (this.getAttribute('endpoint') || '').trim();
    const base = origin ? origin.replace(/\/+$/, '') : this.ownerDocument.defaultView.location.origin;
    return `${base}${path}`;
  }

  #title() {
    const id = this.getAttribute('title-for');
    if (!id && this.#adapter && typeof this.#adapter.title === 'function') {
      try {
        return String(this.#adapter.title() || '').trim(); // editors that keep the title themselves (WordPress)
      } catch {
        return '';
      }
    }
    const t = id && this.ownerDocument.getElementById(id);
    if (!t) return '';
    return ('value' in t ? t.value : t.textContent || '').trim();
  }

  async #request() {
    const adapter = this.#adapter;
    if (!adapter) return;
    clearTimeout(this.#retryTimer);
    let draft;
    try {
      draft = adapter.read();
    } catch (err) {
      this.#fail('editor', `Cannot read the editor: ${err.message}`, false);
      return;
    }
    this.#requestInbound(draft);
    const limit = this.#limit();
    const body = {
      title: this.#title(),
      text: draft.text,
      format: draft.format || adapter.format || 'text',
      limit,
      exclude: [...new Set([...draft.links.map((l) => l.href), ...this.#dismissed])],
    };
    if (this.getAttribute('url')) body.url = this.getAttribute('url');
    if (this.getAttribute('language')) body.language = this.getAttribute('language');
    if (!draft.text.trim()) {
      if (this.#controller) this.#controller.abort();
      this.#lastKey = '';
      this.#show([], 'Start writing to get link suggestions.');
      this.#setStatus('');
      return;
    }
    const key = JSON.stringify(body) + this.#endpoint();
    if (key === this.#lastKey) {
      this.#refilter(draft); // same request as last time: only local state (links, dismissals) may differ
      return;
    }
    if (this.#controller) this.#controller.abort(); // a newer draft makes the running request stale
    const controller = new AbortController();
    this.#controller = controller;
    this.#ui.list.setAttribute('aria-busy', 'true');
    const r = await this.#post(this.#endpoint(), body, controller);
    if (r.aborted) return;
    this.#done(controller);
    if (r.failure) {
      this.#fail(...r.failure);
      return;
    }
    const data = r.data;
    if (!data || !Array.isArray(data.suggestions)) {
      this.#fail('bad_response', 'The server answered without a suggestions list.', true, { status: r.status });
      return;
    }
    this.#retryDelay = RETRY_MIN_MS;
    this.#lastKey = key;
    this.#setStatus('');
    const clean = data.suggestions
      .filter((s) => s && typeof s.url === 'string')
      .map((s) => this.#normalise(s, body.text));
    // Relevance is relative to the best score; keep the reference while only links and dismissals changed.
    const best = Math.max(0, ...clean.map((s) => (s.score !== null && Number.isFinite(s.score) ? s.score : 0)));
    this.#scale = { best: this.#scale.text === body.text ? Math.max(this.#scale.best, best) : best, text: body.text };
    this.#received = clean;
    this.#receivedText = body.text;
    this.#refilter(draft);
    this.dispatchEvent(new CustomEvent('linker-suggestions', {
      bubbles: true, detail: { suggestions: this.suggestions, text: body.text, format: body.format },
    }));
  }

  /**
   * POSTs `body` as JSON to `url` with the widget's key and timeout. Resolves to {data, status} for a 2xx answer,
   * {failure: [code, message, transient, extra]} for one that failed (unreachable, timed out, 4xx/5xx), or
   * {aborted: true} when `controller` was aborted because a newer draft made the request stale.
   */
  async #post(url, body, controller) {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    const apiKey = this.getAttribute('api-key');
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
    let extra = this.headers;
    try {
      extra = typeof extra === 'function' ? extra() : extra;
    } catch {
      extra = null;
    }
    if (extra && typeof extra === 'object') {
      for (const [k, v] of Object.entries(extra)) if (typeof v === 'string') headers[k] = v;
    }
    // A server that accepts the request and never answers would leave the box busy for good: past the timeout the
    // request counts as failed, and is retried like any other transient failure.
    const timeoutMs = this.#timeout();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response;
    let data = null;
    try {
      response = await fetch(url, {
        method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal, mode: 'cors', credentials: 'same-origin',
      });
      data = await response.json().catch((err) => {
        if (timedOut) throw err;
        return null;
      });
    } catch (err) {
      if (controller.signal.aborted && !timedOut) return { aborted: true };
      if (timedOut) return { failure: ['timeout', `No answer from ${url} within ${timeoutMs / 1000} s`, true] };
      return { failure: ['unavailable', `Cannot reach ${url}: ${err.message}`, true] };
    } finally {
      clearTimeout(timer);
    }
    if (controller.signal.aborted) return { aborted: true };
    if (!response.ok) {
      const error = data && data.error && typeof data.error === 'object' ? data.error : {};
      const message = typeof error.message === 'string' ? error.message : `HTTP ${response.status}`;
      // 5xx, 429 and gateway trouble pass; a 4xx means this request will not work until something changes.
      const transient = response.status >= 500 || response.status === 429 || response.status === 408;
      return { failure: [typeof error.code === 'string' ? error.code : `http_${response.status}`, message, transient,
        { status: response.status, field: error.field ?? null }] };
    }
    return { data, status: response.status };
  }

  /**
   * One suggestion as the widget keeps it. A phrase (`anchor`) is linked in place; without one (`anchor: null`) a
   * new link worded `wording` is added to the sentence at [sentenceStart, sentenceEnd), or at the end of the draft.
   */
  #normalise(s, text) {
    const int = (v) => (Number.isInteger(v) ? v : -1);
    const title = typeof s.title === 'string' && s.title.trim() ? s.title : s.url;
    const anchor = typeof s.anchor === 'string' && s.anchor ? s.anchor : null;
    const sentence = typeof s.sentence === 'string' ? s.sentence : '';
    let sentenceStart = int(s.sentenceStart);
    let sentenceEnd = int(s.sentenceEnd);
    if (!(sentenceStart >= 0 && sentenceEnd > sentenceStart && sentenceEnd <= text.length)) {
      // Servers before sentence offsets: find the sentence as given.
      sentenceStart = sentence ? text.indexOf(sentence) : -1;
      sentenceEnd = sentenceStart >= 0 ? sentenceStart + sentence.length : -1;
    }
    return {
      url: s.url,
      title,
      anchor,
      sentence,
      start: anchor ? int(s.start) : -1,
      end: anchor ? int(s.end) : -1,
      sentenceStart,
      sentenceEnd,
      wording: typeof s.wording === 'string' && s.wording.trim() ? s.wording.trim() : anchor || title,
      score: typeof s.score === 'number' ? s.score : null,
      reasons: s.reasons && typeof s.reasons === 'object' ? s.reasons : {},
    };
  }

  /** How a link is added where no phrase fits: templates from the attributes, else for the content's language. */
  #templates() {
    const doc = this.ownerDocument;
    const target = this.getAttribute('for') ? doc.getElementById(this.getAttribute('for')) : null;
    const langOf = (node) => (node && node.closest && node.closest('[lang]')?.getAttribute('lang')) || '';
    const lang = (langOf(target) || langOf(this) || doc.documentElement.lang || 'en').toLowerCase().split(/[-_]/)[0];
    const defaults = ADD_TEMPLATES[lang] || ADD_TEMPLATES.en;
    return {
      inline: splitTemplate(this.getAttribute('add-inline')) || splitTemplate(defaults.inline),
      block: splitTemplate(this.getAttribute('add-block')) || splitTemplate(defaults.block),
    };
  }

  #done(controller) {
    if (this.#controller === controller) this.#controller = null;
    this.#ui.list.removeAttribute('aria-busy');
  }

  /** Drops suggestions the draft now links to, dismissed ones and those whose phrase sits inside a link. */
  #refilter(draft) {
    const base = this.#base();
    const linked = new Set(draft.links.map((l) => targetKey(l.href, base)));
    const linkedPaths = new Set(draft.links.filter((l) => isRelative(l.href)).map((l) => pathKey(l.href)));
    const own = this.getAttribute('url') ? targetKey(this.getAttribute('url'), base) : null;
    const usable = this.#received.filter((s) => {
      const k = targetKey(s.url, base);
      if (linked.has(k) || linkedPaths.has(pathKey(s.url)) || k === own) return false;
      if ([...this.#dismissed].some((d) => targetKey(d, base) === k)) return false;
      return true;
    });
    this.#show(usable.slice(0, this.#limit()), 'No link suggestions for this draft yet.');
  }

  #fail(code, message, transient, extra = {}) {
    this.dispatchEvent(new CustomEvent('linker-error', {
      bubbles: true, detail: { code, message, transient, ...extra, list: 'outbound' },
    }));
    if (transient) {
      this.#setStatus('Suggestions unavailable — retrying', true);
      this.#lastKey = '';
      clearTimeout(this.#retryTimer);
      this.#retryTimer = setTimeout(() => this.#request(), this.#retryDelay);
      this.#retryDelay = Math.min(RETRY_MAX_MS, this.#retryDelay * 2);
    } else {
      this.#setStatus(`Suggestions unavailable: ${message}`, true);
    }
  }

  #setStatus(text, error = false) {
    const s = this.#ui.status;
    if (s.textContent !== text) s.textContent = text;
    s.classList.toggle('error', !!error);
  }

  // ---- rendering ---------------------------------------------------------------------------------------------

  #show(list, emptyText) {
    const previous = this.#suggestions[this.#active];
    this.#suggestions = list;
    const i = previous ? list.findIndex((s) => s.url === previous.url) : -1;
    this.#active = i >= 0 ? i : Math.min(this.#active, Math.max(0, list.length - 1));
    const { list: ul, empty, hint } = this.#ui;
    const doc = this.ownerDocument;
    const items = list.map((s, n) => this.#item(doc, s, n));
    ul.replaceChildren(...items);
    empty.textContent = emptyText;
    empty.hidden = list.length > 0;
    hint.hidden = list.length === 0;
    this.#paintActive();
  }

  #item(doc, s, n) {
    const id = `o${this.#id}-${n}`;
    const li = el(doc, 'li', { role: 'option', id, part: 'option', 'data-url': s.url, 'data-kind': s.anchor ? 'phrase' : 'add' });
    const level = relevanceLevel(s.score, this.#scale.best);
    const relevance = level ? `relevance ${level} of ${LEVELS}` : '';
    const reason = anchorReason(s.reasons);
    const top = el(doc, 'div', { class: 'top' });
    const title = el(doc, 'span', { class: 'title', part: 'title' }, s.title);
    // One visual scale for every score: filled pips out of five, relative to the best suggestion. The raw score and
    // its components are in the tooltip; the option's label says the level.
    const score = el(doc, 'span', { class: 'score', part: 'score', 'data-level': String(level), 'aria-hidden': 'true' });
    if (level) {
      for (let i = 1; i <= LEVELS; i++) score.append(el(doc, 'span', { class: i <= level ? 'pip on' : 'pip' }));
      score.setAttribute('title', [
        `Relevance ${level} of ${LEVELS}: score ${formatScore(s.score)}, the best suggestion's ${formatScore(this.#scale.best)}`,
        s.anchor ? reason && `Phrase: ${reason}` : 'No phrase of the draft fits: a link is added',
        reasonsText(s.reasons),
      ].filter(Boolean).join('\n'));
    }
    top.append(title, score);
    const url = el(doc, 'div', { class: 'url' }, s.url);
    const body = [];
    let label;
    if (s.anchor) {
      const context = el(doc, 'p', { class: 'context', part: 'context' });
      this.#context(doc, context, s);
      body.push(context);
      label = `${s.title}: link “${s.anchor}”${reason ? `, ${reason}` : ''}`;
    } else {
      const inSentence = s.sentenceStart >= 0 && !!s.sentence;
      body.push(el(doc, 'p', { class: 'note', part: 'note' },
        inSentence ? 'No phrase of your draft fits — add a link:' : 'No phrase of your draft fits — add a link at the end:'));
      const context = el(doc, 'p', { class: 'context', part: 'context' });
      const added = this.#preview(doc, context, s, inSentence);
      body.push(context);
      label = `${s.title}: no phrase of your draft fits; Insert adds “${added}” ${inSentence
        ? `to the sentence “${tail(s.sentence, CONTEXT_CHARS)}”` : 'at the end of the draft'}`;
    }
    li.setAttribute('aria-label', relevance ? `${label}, ${relevance}` : label);
    const actions = el(doc, 'div', { class: 'actions' });
    const insert = el(doc, 'button', { type: 'button', class: 'insert', part: 'insert', tabindex: '-1', 'data-action': 'insert' }, 'Insert');
    insert.setAttribute('aria-label', s.anchor ? `Insert link to ${s.title}` : `Insert a new link to ${s.title}`);
    const dismiss = el(doc, 'button', { type: 'button', class: 'dismiss', part: 'dismiss', tabindex: '-1', 'data-action': 'dismiss' }, 'Dismiss');
    dismiss.setAttribute('aria-label', `Dismiss ${s.title}`);
    actions.append(insert, dismiss);
    if (s.anchor && reason) actions.append(el(doc, 'span', { class: 'why', part: 'reason' }, reason));
    li.append(top, url, ...body, actions);
    return li;
  }

  /**
   * The end of the sentence where a link without a phrase goes, with the added text shown in place (or that text
   * alone, for a link at the end of the draft). Returns the added text, as read.
   */
  #preview(doc, p, s, inSentence) {
    const t = this.#templates();
    const tpl = inSentence ? t.inline : t.block;
    const ins = el(doc, 'ins', { part: 'addition' });
    let lead = '';
    let rest = '';
    if (inSentence) {
      const at = linkPoint(s.sentence, 0, s.sentence.length);
      lead = tail(s.sentence.slice(0, at), CONTEXT_CHARS * 1.5);
      rest = s.sentence.slice(at);
      if (!/\s$/.test(lead)) lead += ' ';
    }
    ins.append(doc.createTextNode(tpl.before), el(doc, 'span', { class: 'wording' }, s.wording), doc.createTextNode(tpl.after));
    p.append(doc.createTextNode(lead), ins, doc.createTextNode(rest));
    return `${tpl.before}${s.wording}${tpl.after}`;
  }

  /** The sentence around the anchor, trimmed to a readable length, with the anchor marked. */
  #context(doc, p, s) {
    let sentence = s.sentence || s.anchor;
    let at = sentence.indexOf(s.anchor);
    if (at < 0) at = sentence.toLowerCase().indexOf(s.anchor.toLowerCase());
    if (at < 0) {
      sentence = s.anchor;
      at = 0;
    }
    let from = Math.max(0, at - CONTEXT_CHARS);
    let to = Math.min(sentence.length, at + s.anchor.length + CONTEXT_CHARS);
    if (from > 0) from = sentence.indexOf(' ', from) + 1 || from;
    if (to < sentence.length) to = sentence.lastIndexOf(' ', to) > at + s.anchor.length ? sentence.lastIndexOf(' ', to) : to;
    const before = (from > 0 ? '… ' : '') + sentence.slice(from, at);
    const after = sentence.slice(at + s.anchor.length, to) + (to < sentence.length ? ' …' : '');
    p.append(doc.createTextNode(before), el(doc, 'mark', { part: 'anchor' }, sentence.slice(at, at + s.anchor.length)), doc.createTextNode(after));
  }

  #paintActive() {
    const ul = this.#ui.list;
    const items = [...ul.children];
    items.forEach((li, n) => li.setAttribute('aria-selected', String(n === this.#active)));
    if (items[this.#active]) {
      ul.setAttribute('aria-activedescendant', items[this.#active].id);
      if (this.shadowRoot.activeElement === ul) items[this.#active].scrollIntoView({ block: 'nearest' });
    } else {
      ul.removeAttribute('aria-activedescendant');
    }
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  #onKey(e) {
    const n = this.#suggestions.length;
    if (!n) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': this.#active = (this.#active + 1) % n; break;
      case 'ArrowUp': this.#active = (this.#active - 1 + n) % n; break;
      case 'Home': this.#active = 0; break;
      case 'End': this.#active = n - 1; break;
      case 'Enter': case ' ': this.insert(this.#active); break;
      case 'Delete': case 'Backspace': this.dismiss(this.#active); break;
      default: handled = false;
    }
    if (handled) {
      e.preventDefault();
      this.#paintActive();
    }
  }

  #onClick(e) {
    const li = e.target.closest('li[role="option"]');
    if (!li) return;
    const n = [...this.#ui.list.children].indexOf(li);
    this.#active = n;
    this.#paintActive();
    const action = e.target.closest('button')?.dataset.action;
    if (action === 'insert') this.insert(n);
    else if (action === 'dismiss') this.dismiss(n);
  }

  /** Hides suggestion `n` (and keeps its target out of later requests). */
  dismiss(n) {
    const s = this.#suggestions[n];
    if (!s) return;
    this.#dismissed.add(s.url);
    this.#received = this.#received.filter((r) => r.url !== s.url);
    this.#suggestions = this.#suggestions.filter((_, i) => i !== n);
    this.#show(this.#suggestions, 'No link suggestions for this draft yet.');
    this.#setStatus(`Dismissed ${s.title}`);
    this.dispatchEvent(new CustomEvent('linker-dismiss', { bubbles: true, detail: { url: s.url, title: s.title } }));
    this.#schedule(); // the server may have another target for the freed slot
  }

  /**
   * Makes the link of suggestion `n` in the editor: its phrase becomes the link, or, for a suggestion without a
   * phrase, a new link worded as the server says is added to its sentence (or at the end of the draft). Returns
   * whether a link was made.
   */
  insert(n) {
    const s = this.#suggestions[n];
    const adapter = this.#adapter;
    if (!s || !adapter) return false;
    const draft = adapter.read();
    return s.anchor ? this.#linkPhrase(n, s, adapter, draft) : this.#addLink(n, s, adapter, draft);
  }

  #linkPhrase(n, s, adapter, draft) {
    const blocked = draft.blocked || [];
    let at = null;
    if (s.start >= 0 && draft.text.slice(s.start, s.end) === s.anchor && !overlaps(blocked, s.start, s.end)) {
      at = { start: s.start, end: s.end };
    } else {
      // The draft changed since the request: find the phrase again, preferring the spot nearest the old offset.
      at = locatePhrase(draft.text, s.anchor, Math.max(0, s.start), blocked);
    }
    if (!at) {
      this.#received = this.#received.filter((r) => r.url !== s.url);
      this.#refilter(draft);
      this.#fail('anchor_not_found', `“${s.anchor}” is no longer in the draft.`, false);
      return false;
    }
    const phrase = draft.text.slice(at.start, at.end);
    const detail = {
      url: s.url, title: s.title, anchor: phrase, wording: s.wording, text: phrase, start: at.start, end: at.end,
      placement: 'phrase', format: draft.format || adapter.format, editor: adapter.kind || 'custom',
    };
    if (!this.dispatchEvent(new CustomEvent('linker-insert', { bubbles: true, cancelable: true, detail }))) return false;
    return this.#made(n, s, adapter, () => adapter.insertLink(at.start, at.end, s.url), `Linked “${phrase}” to ${s.title}`);
  }

  /** Where a link without a phrase goes in `draft`: {at, block}, or null when its sentence is gone. */
  #placeFor(s, draft) {
    const text = draft.text;
    if (s.sentenceStart < 0) return { at: text.replace(/\s+$/, '').length, block: true };
    let start = s.sentenceStart;
    let end = s.sentenceEnd;
    const sentence = this.#receivedText.slice(start, end);
    if (!sentence.trim()) return { at: text.replace(/\s+$/, '').length, block: true };
    if (text.slice(start, end) !== sentence) {
      // The draft changed since the request: the same sentence, nearest its old place.
      start = nearestOccurrence(text, sentence, start);
      if (start < 0) return null;
      end = start + sentence.length;
    }
    return { at: linkPoint(text, start, end), block: false };
  }

  #addLink(n, s, adapter, draft) {
    if (typeof adapter.addLink !== 'function') {
      this.#fail('insert_failed', `This editor cannot add text: link “${s.wording}” to ${s.url} by hand.`, false);
      return false;
    }
    const place = this.#placeFor(s, draft);
    if (!place) {
      this.#received = this.#received.filter((r) => r.url !== s.url);
      this.#refilter(draft);
      this.#fail('sentence_not_found', `The sentence for the link to ${s.title} is no longer in the draft.`, false);
      return false;
    }
    const templates = this.#templates();
    const tpl = place.block ? templates.block : templates.inline;
    // In a sentence the addition needs a space before it, unless the draft already has one there.
    const space = !place.block && place.at > 0 && !/\s/.test(draft.text[place.at - 1]) ? ' ' : '';
    const parts = { before: space + tpl.before, text: s.wording, after: tpl.after, block: place.block };
    const detail = {
      url: s.url, title: s.title, anchor: null, wording: s.wording, text: s.wording, start: place.at, end: place.at,
      placement: place.block ? 'end' : 'sentence', before: parts.before, after: parts.after,
      format: draft.format || adapter.format, editor: adapter.kind || 'custom',
    };
    if (!this.dispatchEvent(new CustomEvent('linker-insert', { bubbles: true, cancelable: true, detail }))) return false;
    return this.#made(n, s, adapter, () => adapter.addLink(place.at, s.url, parts), `Added a link to ${s.title}`);
  }

  /** Runs the adapter's edit; on success the target leaves the list and the server is asked again. */
  #made(n, s, adapter, edit, status) {
    let ok = false;
    try {
      ok = edit() !== false;
    } catch (err) {
      this.#fail('insert_failed', `Could not insert the link: ${err.message}`, false);
      return false;
    }
    if (!ok) {
      this.#fail('insert_failed', `Could not insert the link to ${s.url} in this editor.`, false);
      return false;
    }
    // The draft changed by this widget's own link: relevance keeps its reference for the answer to come.
    try {
      this.#scale.text = adapter.read().text;
    } catch {
      this.#scale.text = null;
    }
    this.#received = this.#received.filter((r) => r.url !== s.url);
    this.#suggestions = this.#suggestions.filter((_, i) => i !== n);
    this.#show(this.#suggestions, 'No link suggestions for this draft yet.');
    this.#setStatus(status);
    this.#schedule();
    return true;
  }

  // ---- "Link to this post" -----------------------------------------------------------------------------------

  #inboundOff() {
    return (this.getAttribute('inbound') || '').trim().toLowerCase() === 'off';
  }

  #inboundSwitched() {
    const off = this.#inboundOff();
    if (this.#ui) this.#ui.inbound.panel.hidden = off;
    if (off) {
      this.#stopInbound();
    } else {
      this.#in.lastKey = '';
      this.#schedule(0);
    }
  }

  #stopInbound() {
    clearTimeout(this.#in.retryTimer);
    if (this.#in.controller) {
      this.#in.controller.abort();
      this.#inDone(this.#in.controller);
    }
    this.#in.lastKey = '';
  }

  #inDone(controller) {
    if (this.#in.controller === controller) this.#in.controller = null;
    if (this.#ui) this.#ui.inbound.list.removeAttribute('aria-busy');
  }

  /** The URL the other pages should link to: the `url` attribute, else the one the last answer named, else null. */
  #inboundTarget() {
    return this.getAttribute('url') || this.#in.target || null;
  }

  /**
   * Asks for the pages that should link to this draft, unless the same question is answered or on its way. Runs beside
   * the outbound request with its own AbortController: a change in the draft aborts both, and an answer is applied
   * only by the request that is still current, so neither list ever shows an older draft's answer.
   */
  async #requestInbound(draft) {
    const inb = this.#in;
    if (this.#inboundOff() || !this.#ui) return;
    const body = {
      title: this.#title(), text: draft.text, format: draft.format || this.#adapter?.format || 'text', limit: this.#limit(),
    };
    if (this.getAttribute('url')) body.url = this.getAttribute('url');
    if (this.getAttribute('language')) body.language = this.getAttribute('language');
    if (!draft.text.trim()) {
      this.#stopInbound();
      inb.received = [];
      this.#showInbound('Start writing to see which pages could link here.');
      this.#inStatus('');
      return;
    }
    const url = this.#endpoint(INBOUND_PATH);
    const key = JSON.stringify(body) + url;
    if (key === inb.lastKey || (inb.controller && key === inb.pendingKey)) return;
    clearTimeout(inb.retryTimer);
    if (inb.controller) inb.controller.abort();
    const controller = new AbortController();
    inb.controller = controller;
    inb.pendingKey = key;
    this.#ui.inbound.list.setAttribute('aria-busy', 'true');
    const r = await this.#post(url, body, controller);
    if (r.aborted || inb.controller !== controller) return;
    this.#inDone(controller);
    if (r.failure) {
      const [code, message, transient, extra] = r.failure;
      // A server from before inbound suggestions has no such route: say that rather than "No route …".
      const old = extra && extra.status === 404 && extra.field !== 'url';
      this.#inboundFail(code, old ? `this Linker server does not offer inbound suggestions (${message})` : message, transient, extra);
      return;
    }
    if (!r.data || !Array.isArray(r.data.suggestions)) {
      this.#inboundFail('bad_response', 'The server answered without a suggestions list.', true, { status: r.status });
      return;
    }
    inb.retryDelay = RETRY_MIN_MS;
    inb.lastKey = key;
    inb.target = typeof r.data.target === 'string' && r.data.target ? r.data.target : null;
    inb.received = r.data.suggestions
      .filter((s) => s && typeof s.source === 'string' && typeof s.anchor === 'string' && s.anchor)
      .map((s) => this.#normaliseInbound(s));
    inb.best = Math.max(0, ...inb.received.map((s) => (s.score !== null && Number.isFinite(s.score) ? s.score : 0)));
    this.#inStatus('');
    this.#showInbound('No page of the site fits a link to this post yet.');
    this.dispatchEvent(new CustomEvent('linker-inbound', {
      bubbles: true, detail: { suggestions: this.inboundSuggestions, text: body.text, target: this.#inboundTarget() },
    }));
  }

  #retryInbound() {
    let draft;
    try {
      draft = this.#adapter && this.#adapter.read();
    } catch {
      draft = null;
    }
    if (draft) this.#requestInbound(draft);
  }

  #inboundFail(code, message, transient, extra = {}) {
    const inb = this.#in;
    this.dispatchEvent(new CustomEvent('linker-error', {
      bubbles: true, detail: { code, message, transient, ...extra, list: 'inbound' },
    }));
    if (transient) {
      this.#inStatus('Unavailable — retrying', true);
      clearTimeout(inb.retryTimer);
      inb.retryTimer = setTimeout(() => this.#retryInbound(), inb.retryDelay);
      inb.retryDelay = Math.min(RETRY_MAX_MS, inb.retryDelay * 2);
    } else {
      this.#inStatus(`Unavailable: ${message}`, true);
    }
  }

  #inStatus(text, error = false) {
    const s = this.#ui.inbound.status;
    if (s.textContent !== text) s.textContent = text;
    s.classList.toggle('error', !!error);
  }

  /** One inbound suggestion as the widget keeps it: offsets are in the source's stored text, not in this draft. */
  #normaliseInbound(s) {
    const int = (v) => (Number.isInteger(v) ? v : -1);
    return {
      source: s.source,
      title: typeof s.title === 'string' && s.title.trim() ? s.title : s.source,
      anchor: s.anchor,
      sentence: typeof s.sentence === 'string' ? s.sentence : '',
      start: int(s.start),
      end: int(s.end),
      sentenceStart: int(s.sentenceStart),
      sentenceEnd: int(s.sentenceEnd),
      score: typeof s.score === 'number' ? s.score : null,
      reasons: s.reasons && typeof s.reasons === 'object' ? s.reasons : {},
    };
  }

  /** What became of a source's link: idle, pending, linked, undoing, undone, error or manual (no host wrote it). */
  #inState(source) {
    const st = this.#in.states.get(source);
    return st ? { state: st.state, message: st.message || '' } : { state: 'idle', message: '' };
  }

  #setInState(source, state) {
    this.#in.states.set(source, state);
    this.#repaintInbound(source);
  }

  #showInbound(emptyText) {
    const inb = this.#in;
    const fresh = new Set(inb.received.map((s) => s.source));
    // A link being written, or written and still undoable, stays on show even when a newer answer leaves it out.
    const kept = inb.items.filter((s) => !fresh.has(s.source)
      && ['pending', 'linked', 'undoing'].includes((inb.states.get(s.source) || {}).state));
    inb.items = [...inb.received, ...kept];
    for (const source of [...inb.states.keys()]) {
      if (!inb.items.some((s) => s.source === source)) inb.states.delete(source);
    }
    const { list, empty } = this.#ui.inbound;
    const doc = this.ownerDocument;
    list.replaceChildren(...inb.items.map((s) => this.#inboundItem(doc, s)));
    if (emptyText !== undefined) empty.textContent = emptyText;
    empty.hidden = inb.items.length > 0;
  }

  /** Draws one source again after its state changed; focus inside it moves to the new item's control. */
  #repaintInbound(source) {
    const s = this.#in.items.find((x) => x.source === source);
    const old = [...this.#ui.inbound.list.children].find((li) => li.dataset.source === source);
    if (!s || !old) return;
    const focused = old.contains(this.shadowRoot.activeElement);
    const li = this.#inboundItem(this.ownerDocument, s);
    old.replaceWith(li);
    if (focused) {
      const target = li.querySelector('button:not([disabled])');
      if (target) {
        target.focus();
      } else {
        li.setAttribute('tabindex', '-1');
        li.focus();
      }
    }
  }

  #inboundItem(doc, s) {
    const st = this.#in.states.get(s.source) || { state: 'idle' };
    const li = el(doc, 'li', { part: 'option inbound-option', 'data-source': s.source, 'data-state': st.state });
    const level = relevanceLevel(s.score, this.#in.best);
    const rule = s.reasons && typeof s.reasons.anchor === 'string' ? s.reasons.anchor : '';
    const reason = Object.prototype.hasOwnProperty.call(INBOUND_REASONS, rule) ? INBOUND_REASONS[rule] : '';
    const top = el(doc, 'div', { class: 'top' });
    const score = el(doc, 'span', { class: 'score', part: 'score', 'data-level': String(level), 'aria-hidden': 'true' });
    if (level) {
      for (let i = 1; i <= LEVELS; i++) score.append(el(doc, 'span', { class: i <= level ? 'pip on' : 'pip' }));
      score.setAttribute('title', [
        `Relevance ${level} of ${LEVELS}: score ${formatScore(s.score)}, the best source's ${formatScore(this.#in.best)}`,
        reason && `Phrase: ${reason}`, reasonsText(s.reasons),
      ].filter(Boolean).join('\n'));
    }
    top.append(el(doc, 'span', { class: 'title', part: 'title' }, s.title), score);
    const context = el(doc, 'p', { class: 'context', part: 'context' });
    this.#context(doc, context, { ...s, anchor: s.anchor.replace(/\s+/g, ' ') });
    const actions = el(doc, 'div', { class: 'actions' });
    if (st.state !== 'linked' && st.state !== 'undoing') {
      const add = el(doc, 'button', { type: 'button', class: 'insert', part: 'inbound-add', 'data-action': 'add' }, 'Add link');
      add.setAttribute('aria-label', `Add a link to this post in ${s.title}, on “${s.anchor}”${level ? `, relevance ${level} of ${LEVELS}` : ''}`);
      if (st.state === 'pending') add.disabled = true;
      actions.append(add);
    }
    if (reason) actions.append(el(doc, 'span', { class: 'why', part: 'reason' }, reason));
    li.append(top, el(doc, 'div', { class: 'url' }, s.source), context, actions);
    const note = this.#inboundNote(doc, s, st);
    if (note) li.append(note);
    if (st.error) li.append(el(doc, 'p', { class: 'note error', part: 'note inbound-note' }, st.error));
    return li;
  }

  /** The line under a source that says what became of its link; null while nothing happened. */
  #inboundNote(doc, s, st) {
    const note = (cls, text) => el(doc, 'p', { class: `note ${cls}`.trim(), part: 'note inbound-note' }, text);
    switch (st.state) {
      case 'pending': return note('', 'Adding the link…');
      case 'undoing': return note('', 'Removing the link…');
      case 'undone': return note('', st.message || 'Link removed.');
      case 'error': return note('error', st.message);
      case 'linked': {
        const p = note('done', st.message ? `Linked — ${st.message}` : 'Linked');
        if (st.undo) {
          const undo = el(doc, 'button', { type: 'button', class: 'undo', part: 'inbound-undo', 'data-action': 'undo' }, 'Undo');
          undo.setAttribute('aria-label', `Undo the link in ${s.title}`);
          p.append(undo);
        }
        return p;
      }
      case 'manual': {
        // Nobody on this page writes the link: say how to do it by hand, with the page to open as a link.
        const p = note('', 'Open ');
        let page;
        if (/^https?:\/\//i.test(s.source)) {
          page = el(doc, 'a', { href: s.source, target: '_blank', rel: 'noopener noreferrer' }, `“${s.title}”`);
        } else {
          page = doc.createTextNode(`“${s.title}” (${s.source})`);
        }
        const target = this.#inboundTarget();
        p.append(page, doc.createTextNode(` and link “${s.anchor}” to this post${target ? ` (${target})` : ''}.`));
        return p;
      }
      default: return null;
    }
  }

  #onInboundClick(e) {
    const button = e.target.closest('button');
    const li = button && button.closest('li');
    if (!li) return;
    if (button.dataset.action === 'add') this.addInbound(li.dataset.source);
    else if (button.dataset.action === 'undo') this.#undoInbound(li.dataset.source);
  }

  /**
   * Asks the host to link `source`'s phrase to this post: a cancelable `linker-inbound-add`. A host that writes the
   * link calls preventDefault() and reports with inboundResult(); when none does, the item says how to link by hand.
   * Returns whether a host took it.
   */
  addInbound(source) {
    const s = this.#in.items.find((x) => x.source === source);
    const current = s ? this.#inState(source).state : null;
    if (!s || current === 'pending' || current === 'linked' || current === 'undoing') return false;
    const detail = {
      source: s.source, title: s.title, anchor: s.anchor, sentence: s.sentence, start: s.start, end: s.end,
      sentenceStart: s.sentenceStart, sentenceEnd: s.sentenceEnd, target: this.#inboundTarget(),
    };
    const token = { state: 'pending' };
    this.#in.states.set(source, token); // set first: a host may report its result before dispatchEvent returns
    const handled = !this.dispatchEvent(new CustomEvent('linker-inbound-add', { bubbles: true, cancelable: true, detail }));
    if (!handled) {
      this.#setInState(source, { state: 'manual' });
      this.#inStatus('Not linked: link it by hand');
    } else if (this.#in.states.get(source) === token) {
      this.#repaintInbound(source);
      this.#inStatus('Adding the link…');
    }
    return handled;
  }

  /**
   * The host's answer to `linker-inbound-add` for `source`: {ok: true, message?, undo?} once the link is written
   * (`undo`, a function, becomes an Undo button; it may return a promise of {ok, message}), or {ok: false, message}.
   * Returns false when no such source is listed.
   */
  inboundResult(source, result = {}) {
    const s = this.#in.items.find((x) => x.source === source);
    if (!s) return false;
    const message = result && typeof result.message === 'string' ? result.message.trim() : '';
    if (result && result.ok) {
      this.#setInState(source, { state: 'linked', message, undo: typeof result.undo === 'function' ? result.undo : null });
      this.#inStatus(`Linked “${s.anchor}”`);
    } else {
      const why = message || 'the link could not be added.';
      this.#setInState(source, { state: 'error', message: why });
      this.#inStatus(`Not linked: ${why}`, true);
    }
    return true;
  }

  async #undoInbound(source) {
    const s = this.#in.items.find((x) => x.source === source);
    const st = this.#in.states.get(source);
    if (!s || !st || st.state !== 'linked' || !st.undo) return;
    this.#setInState(source, { ...st, state: 'undoing', error: '' });
    let r;
    try {
      r = await st.undo();
    } catch (err) {
      r = { ok: false, message: err && err.message ? err.message : String(err) };
    }
    if (r && r.ok === false) {
      const why = typeof r.message === 'string' && r.message ? r.message : 'it could not be undone.';
      this.#setInState(source, { ...st, state: 'linked', error: `Not undone: ${why}` });
      this.#inStatus(`Not undone: ${why}`, true);
      return;
    }
    this.#setInState(source, { state: 'undone', message: r && typeof r.message === 'string' && r.message ? r.message : 'Link removed.' });
    this.#inStatus('Link removed');
  }
}

if (!customElements.get('linker-suggestions')) customElements.define('linker-suggestions', LinkerSuggestions);
