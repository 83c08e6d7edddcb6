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

/** The sentence containing [start, end), cut from the text with markup removed where the format has any. */
export function sentenceAround(text, start, end, format) {
  const stops = /[.!?](?=\s|$)|\n\s*\n/g;
  let from = 0;
  let to = text.length;
  for (let m; (m = stops.exec(text));) {
    const stopEnd = m.index + m[0].length;
    if (stopEnd <= start) from = stopEnd;
    else if (m.index >= end) {
      to = m[0].startsWith('\n') ? m.index : stopEnd;
      break;
    }
  }
  let s = text.slice(from, to);
  if (format === 'html') s = s.replace(/<[^>]*>/g, '');
  if (format === 'markdown') s = s.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/^\s*#+\s*/, '').replace(/[*_`]/g, '');
  return s.replace(/\s+/g, ' ').trim();
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

  suggest({ title = '', text, url, format = 'markdown', limit = 5, exclude = [] }) {
    const words = draftWords(text, format);
    const draftTerms = new Set([...words.map((w) => w.norm), ...termsOf(title)].filter((w) => !STOP.has(w)));
    const skip = new Set([...exclude, ...existingLinks(text, format)].map(urlKey));
    if (url) skip.add(urlKey(url));
    const candidates = [];
    for (const page of this.#pages.values()) {
      if (skip.has(urlKey(page.url)) || (page.status && page.status !== 'live')) continue;
      const anchor = bestAnchor(words, page.titleTerms);
      if (!anchor) continue;
      let shared = 0;
      for (const t of draftTerms) if (page.bodyTerms.has(t)) shared++;
      const titleCoverage = anchor.matched / page.titleTerms.size;
      const topical = Math.min(1, shared / 12);
      const score = Math.round((0.55 * titleCoverage + 0.45 * topical) * 1000) / 1000;
      candidates.push({ page, anchor, score, titleCoverage, shared });
    }
    candidates.sort((a, b) => b.score - a.score || a.anchor.start - b.anchor.start);
    const taken = [];
    const out = [];
    for (const c of candidates) {
      if (out.length >= limit) break;
      if (taken.some(([s, e]) => c.anchor.start < e && c.anchor.end > s)) continue; // one link per phrase
      taken.push([c.anchor.start, c.anchor.end]);
      out.push({
        url: c.page.url,
        title: c.page.title,
        anchor: text.slice(c.anchor.start, c.anchor.end),
        sentence: sentenceAround(text, c.anchor.start, c.anchor.end, format),
        start: c.anchor.start,
        end: c.anchor.end,
        score: c.score,
        reasons: { titleMatch: Math.round(c.titleCoverage * 100) / 100, sharedTerms: c.shared },
      });
    }
    return out;
  }
}

/** Longest run of 1-4 adjacent draft words in one sentence whose content words are all title words. */
function bestAnchor(words, titleTerms) {
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
    if (!best || cand.matched > best.matched) best = cand;
  }
  return best;
}
