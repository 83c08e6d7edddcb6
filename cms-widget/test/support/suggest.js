// The suggestion contract of POST /api/v1/suggestions, implemented by plain word overlap so the widget's tests
// have a real server to talk to before (and besides) the Java one. Anchors are found in the draft by matching
// the target's title words; offsets are offsets in the text exactly as sent.

const STOP = new Set(`a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has have having he
her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of
off on once only or other our ours ourselves out over own same she should so some such than that the their theirs
them themselves then there these they this those through to too under until up very was we were what when where which
while who whom why will with you your yours yourself yourselves guide guides how-to tips basics`.split(/\s+/));

export function stem(word) {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 3 && w.endsWith('es') && /(ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/** Regions of the source where no link may go: markup, code, existing links. Mirrors the widget's scanners. */
export function maskedRanges(text, format) {
  const ranges = [];
  const add = (re) => {
    re.lastIndex = 0;
    for (let m; (m = re.exec(text));) {
      ranges.push([m.index, m.index + m[0].length]);
      if (!m[0].length) re.lastIndex++;
    }
  };
  if (format === 'markdown') {
    add(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm);
    add(/`[^`\n]+`/g);
    add(/!?\[(?:[^\]\\\n]|\\.)*\]\([^)]*\)/g);
    add(/^\s{0,3}\[[^\]\n]+\]:.*$/gm);
    add(/\[(?:[^\]\\\n]|\\.)*\]\[[^\]\n]*\]/g);
    add(/<[^>\n]+>/g);
    add(/\bhttps?:\/\/[^\s<>()\]]+/g);
  } else if (format === 'html') {
    add(/<!--[\s\S]*?(?:-->|$)/g);
    add(/<(script|style|code|pre|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi);
    add(/<a\b[^>]*>[\s\S]*?(?:<\/a\s*>|$)/gi);
    add(/<[^>]*>?/g);
  }
  return ranges;
}

/** Link targets already in the draft. */
export function existingLinks(text, format) {
  const out = [];
  const collect = (re, group) => {
    for (let m; (m = re.exec(text));) out.push(m[group]);
  };
  if (format === 'markdown') {
    collect(/!?\[(?:[^\]\\\n]|\\.)*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g, 1);
    collect(/^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s.*)?$/gm, 1);
    collect(/<(https?:\/\/[^>\s]+)>/g, 1);
  } else if (format === 'html') {
    collect(/<a\b[^>]*?\bhref\s*=\s*["']?([^"'\s>]+)/gi, 1);
  }
  return out;
}

/** Comparable form of a URL: the path (and query) without trailing slash, so relative and absolute links match. */
export function urlKey(url) {
  try {
    const u = new URL(String(url).trim(), 'http://relative.invalid');
    return (u.pathname.replace(/\/+$/, '') || '/') + u.search;
  } catch {
    return String(url).trim();
  }
}

/** Words of `text` outside masked ranges, with offsets and the sentence they belong to. */
export function draftWords(text, format) {
  const masked = maskedRanges(text, format).sort((a, b) => a[0] - b[0]);
  const inMask = (s, e) => masked.some(([ms, me]) => s < me && e > ms);
  const words = [];
  let sentence = 0;
  let last = 0;
  WORD_RE.lastIndex = 0;
  for (let m; (m = WORD_RE.exec(text));) {
    const start = m.index;
    const end = start + m[0].length;
    const gap = text.slice(last, start);
    // A phrase never crosses . ! ? : ; or a blank line; a masked word (inside a link, tag, code) breaks it too.
    if (/[.!?:;](\s|$)|\n\s*\n/.test(gap)) sentence++;
    const prevEnd = last;
    last = end;
    if (inMask(start, end)) {
      sentence++;
      continue;
    }
    // Only words separated by plain spaces form a phrase (no comma, markup or line break between them).
    const joined = words.length > 0 && words[words.length - 1].end === prevEnd && /^[ \t]+$/.test(gap);
    words.push({ text: m[0], norm: stem(m[0]), start, end, sentence, joined });
  }
  return words;
}

function termsOf(s) {
  return (String(s).match(WORD_RE) || []).map(stem).filter((w) => !STOP.has(w) && w.length > 1);
}

export class FixtureIndex {
  #pages = new Map();

  upsert(page) {
    this.#pages.set(page.url, {
      ...page,
      titleTerms: new Set(termsOf(page.h1 || page.title)),
      bodyTerms: new Set(termsOf(`${page.title} ${page.text || ''}`)),
    });
  }

  get(url) {
    const p = this.#pages.get(url);
    if (!p) return null;
    const { titleTerms, bodyTerms, ...page } = p;
    return page;
  }

  delete(url) {
    return this.#pages.delete(url);
  }

  get size() {
    return this.#pages.size;
  }

  /**
   * Ranks first, then places, as the Linker server does: the best `limit` pages by title words and shared words,
   * then, in rank order, the longest free run of title words as the anchor, or none (`anchor: null`) with the
   * sentence sharing most words with the page and the wording a new link would carry.
   */
  suggest({ title = '', text, url, format = 'markdown', limit = 5, exclude = [], language }) {
    const words = draftWords(text, format);
    const draftTerms = new Set([...words.map((w) => w.norm), ...termsOf(title)].filter((w) => !STOP.has(w)));
    const skip = new Set([...exclude, ...existingLinks(text, format)].map(urlKey));
    if (url) skip.add(urlKey(url));
    // A draft's language: only pages of that language (by primary subtag, any case) and pages with none.
    const primary = (tag) => String(tag).split(/[-_]/)[0].toLowerCase();
    const candidates = [];
    for (const page of this.#pages.values()) {
      if (skip.has(urlKey(page.url)) || (page.status && page.status !== 'live')) continue;
      if (language && page.language && primary(page.language) !== primary(language)) continue;
      let shared = 0;
      for (const t of draftTerms) if (page.bodyTerms.has(t)) shared++;
      let named = 0;
      for (const t of page.titleTerms) if (draftTerms.has(t)) named++;
      // A page is a candidate when the draft uses a word of its title, or shares enough words with it.
      if (!named && shared < MIN_SHARED) continue;
      const titleCoverage = named / Math.max(1, page.titleTerms.size);
      const topical = Math.min(1, shared / 12);
      const score = Math.round((0.55 * titleCoverage + 0.45 * topical) * 1000) / 1000;
      candidates.push({ page, score, titleCoverage, topical });
    }
    candidates.sort((a, b) => b.score - a.score || a.page.url.localeCompare(b.page.url));
    const sentences = draftSentences(text, format);
    const taken = [];
    return candidates.slice(0, limit).map((c) => {
      const anchor = bestAnchor(words, c.page.titleTerms, taken); // one link per phrase: a better page picks first
      const reasons = { anchor: 'none', lexical: Math.round(c.topical * 100) / 100, name: Math.round(c.titleCoverage * 100) / 100 };
      const wording = nameOf(c.page);
      if (anchor) {
        taken.push([anchor.start, anchor.end]);
        reasons.anchor = anchor.matched === c.page.titleTerms.size ? 'name' : 'distinctive';
        const sentence = sentences.find((s) => s.start <= anchor.start && anchor.end <= s.end) || { start: anchor.start, end: anchor.end };
        return {
          url: c.page.url, title: c.page.title, anchor: text.slice(anchor.start, anchor.end),
          sentence: plainSentence(text, sentence, format), start: anchor.start, end: anchor.end,
          sentenceStart: sentence.start, sentenceEnd: sentence.end, wording, score: c.score, reasons,
        };
      }
      const fit = bestSentence(sentences, words, c.page.bodyTerms);
      return {
        url: c.page.url, title: c.page.title, anchor: null, sentence: fit ? plainSentence(text, fit, format) : '',
        start: -1, end: -1, sentenceStart: fit ? fit.start : -1, sentenceEnd: fit ? fit.end : -1, wording, score: c.score,
        reasons,
      };
    });
  }

  /**
   * Inbound, as the Linker server answers POST /api/v1/suggestions/inbound: the live pages that should link to the
   * target (an indexed page by `url`, or a draft by `text` and `title`), each with the phrase of its own stored text
   * to link — the longest run of the target's title words (else of the words the draft repeats) — the sentence holding
   * it, offsets in that stored text, best first. A page already linking to the target (its `links`) is left out.
   */
  inbound({ title = '', text, url, format = 'markdown', limit = 5, language }) {
    const words = draftWords(text, format);
    const counts = new Map();
    for (const w of words) if (!STOP.has(w.norm)) counts.set(w.norm, (counts.get(w.norm) || 0) + 1);
    const draftTerms = new Set([...counts.keys(), ...termsOf(title)]);
    const nameTerms = new Set(termsOf(title));
    const repeated = new Set([...counts].filter(([, n]) => n >= 2).map(([t]) => t));
    const primary = (tag) => String(tag).split(/[-_]/)[0].toLowerCase();
    const own = url ? urlKey(url) : null;
    const out = [];
    for (const page of this.#pages.values()) {
      if ((page.status && page.status !== 'live') || (own && urlKey(page.url) === own)) continue;
      if (language && page.language && primary(page.language) !== primary(language)) continue;
      if (own && (page.links || []).some((l) => urlKey(typeof l === 'string' ? l : l.href) === own)) continue;
      const body = page.text || '';
      const pageWords = draftWords(body, 'text');
      let anchor = nameTerms.size ? bestAnchor(pageWords, nameTerms) : null;
      const named = !!anchor;
      if (!anchor && repeated.size) anchor = bestAnchor(pageWords, repeated);
      if (!anchor) continue;
      let shared = 0;
      for (const t of draftTerms) if (page.bodyTerms.has(t)) shared++;
      if (!named && shared < MIN_SHARED) continue;
      const coverage = named ? anchor.matched / nameTerms.size : 0;
      const topical = Math.min(1, shared / 12);
      const score = Math.round((0.55 * coverage + 0.45 * topical) * 1000) / 1000;
      const sentence = draftSentences(body, 'text').find((x) => x.start <= anchor.start && anchor.end <= x.end)
        || { start: anchor.start, end: anchor.end };
      out.push({
        source: page.url, title: page.title, anchor: body.slice(anchor.start, anchor.end),
        sentence: plainSentence(body, sentence, 'text'), start: anchor.start, end: anchor.end,
        sentenceStart: sentence.start, sentenceEnd: sentence.end, score,
        reasons: { anchor: named ? 'name' : 'distinctive', lexical: Math.round(topical * 100) / 100, name: Math.round(coverage * 100) / 100 },
      });
    }
    out.sort((a, b) => b.score - a.score || a.source.localeCompare(b.source));
    return out.slice(0, limit);
  }
}

const MIN_SHARED = 4;

/** What a link to the page would read: its H1, else its title without a " | Site" or " — Site" template. */
function nameOf(page) {
  return (page.h1 || page.title.replace(/\s+[|–—]\s+[^|–—]+$/, '')).trim();
}

/**
 * Sentences of the draft as [start, end) offsets, trimmed, over the text with markup blanked (so offsets are the
 * source's and a sentence never ends on markup): a stop followed by a space (and closing quotes or brackets), a blank
 * line, or a line that opens a list item, heading or quote ends one.
 */
export function draftSentences(text, format) {
  const masked = maskedRanges(text, format);
  const blank = text.split('');
  for (const [s, e] of masked) for (let i = s; i < e; i++) if (blank[i] !== '\n') blank[i] = ' ';
  const linkable = blank.join('');
  const out = [];
  const add = (from, to) => {
    while (from < to && /\s/.test(linkable[from])) from++;
    while (to > from && /\s/.test(linkable[to - 1])) to--;
    if (to > from) out.push({ start: from, end: to });
  };
  const stops = /[.!?]["')\]”’»]*(?=\s|$)|\n[ \t]*\n|\n(?=[ \t]*(?:[-*+>#]|\d+[.)])\s)/g;
  let from = 0;
  for (let m; (m = stops.exec(linkable));) {
    const cut = m[0].startsWith('\n') ? m.index : m.index + m[0].length;
    add(from, cut);
    from = m.index + m[0].length;
  }
  add(from, linkable.length);
  return out;
}

/** The sentence as shown: whitespace collapsed, markup removed where the format has any. */
function plainSentence(text, { start, end }, format) {
  let s = text.slice(start, end);
  if (format === 'html') s = s.replace(/<[^>]*>/g, '');
  if (format === 'markdown') s = s.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/^\s*#+\s*/, '').replace(/[*_`]/g, '');
  return s.replace(/\s+/g, ' ').trim();
}

/** The sentence sharing most words with the page (the first on a tie), or the first sentence; null when none. */
function bestSentence(sentences, words, bodyTerms) {
  let best = null;
  let bestCount = -1;
  for (const s of sentences) {
    const count = words.filter((w) => w.start >= s.start && w.end <= s.end && bodyTerms.has(w.norm)).length;
    if (count > bestCount) {
      best = s;
      bestCount = count;
    }
  }
  return best;
}

/** Longest run of 1-4 adjacent draft words in one sentence whose content words are all title words, clear of `taken`. */
function bestAnchor(words, titleTerms, taken = []) {
  let best = null;
  for (let i = 0; i < words.length; i++) {
    if (STOP.has(words[i].norm) || !titleTerms.has(words[i].norm)) continue;
    let matched = new Set([words[i].norm]);
    let j = i;
    let bestJ = i;
    let bestMatched = 1;
    while (j + 1 < words.length && j - i < 3 && words[j + 1].sentence === words[i].sentence && words[j + 1].joined) {
      const w = words[j + 1];
      if (!STOP.has(w.norm) && !titleTerms.has(w.norm)) break;
      j++;
      if (!STOP.has(w.norm)) {
        matched.add(w.norm);
        bestJ = j;
        bestMatched = matched.size;
      }
    }
    const cand = { start: words[i].start, end: words[bestJ].end, matched: bestMatched };
    if (taken.some(([s, e]) => cand.start < e && cand.end > s)) continue;
    if (!best || cand.matched > best.matched) best = cand;
  }
  return best;
}
