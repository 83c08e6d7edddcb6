// <textarea> holding Markdown or HTML source. Offsets are offsets in the source itself.

/** Ranges of Markdown source where no link may be created, and the link targets already present. */
export function scanMarkdown(text) {
  const blocked = [];
  const links = [];
  const block = (re, hrefGroup) => {
    re.lastIndex = 0;
    for (let m; (m = re.exec(text));) {
      blocked.push([m.index, m.index + m[0].length]);
      if (hrefGroup !== undefined && m[hrefGroup]) links.push({ href: m[hrefGroup], start: m.index, end: m.index + m[0].length });
      if (m[0].length === 0) re.lastIndex++;
    }
  };
  block(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm);            // fenced code
  block(/`[^`\n]+`/g);                                                       // inline code
  block(/!?\[(?:[^\]\\\n]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, 1); // [text](url), images
  block(/^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s.*)?$/gm, 1);               // [ref]: url definitions
  block(/\[(?:[^\]\\\n]|\\.)*\]\[[^\]\n]*\]/g);                               // [text][ref]
  block(/<(https?:\/\/[^>\s]+)>/g, 1);                                       // <autolink>
  block(/\bhttps?:\/\/[^\s<>()\]]+/g, 0);                                    // bare URL
  block(/<[^>\n]+>/g);                                                       // inline HTML
  return { blocked, links };
}

/** Same for HTML source: tags, comments, script/style/code bodies and existing <a> elements. */
export function scanHtml(text) {
  const blocked = [];
  const links = [];
  const block = (re, fn) => {
    re.lastIndex = 0;
    for (let m; (m = re.exec(text));) {
      blocked.push([m.index, m.index + m[0].length]);
      if (fn) fn(m);
    }
  };
  block(/<!--[\s\S]*?(?:-->|$)/g);
  block(/<(script|style|code|pre|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi);
  block(/<a\b([^>]*)>[\s\S]*?(?:<\/a\s*>|$)/gi, (m) => {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]);
    if (href) links.push({ href: decodeEntities(href[1] ?? href[2] ?? href[3]), start: m.index, end: m.index + m[0].length });
  });
  block(/<[^>]*>?/g);
  return { blocked, links };
}

function decodeEntities(s) {
  return s.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" })[e]);
}

export function escapeHtmlAttr(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeHtmlText(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text as Markdown link text: the characters that would start markup are escaped. */
export function escapeMarkdownText(s) {
  return String(s).replace(/([\\`*_[\]<>])/g, '\\$1');
}

// Markup that can end a sentence without being part of it (the server blanks links, code and tags before cutting
// sentences): a new link goes after it, or it would split "Read [the guide](…)" or land inside <em>…</em>.
const MARKDOWN_TRAILING = /^[ \t]*(?:!?\[(?:[^\]\\\n]|\\.)*\]\([^)\n]*\)|\[(?:[^\]\\\n]|\\.)*\]\[[^\]\n]*\]|`[^`\n]+`|<[^>\n]+>|https?:\/\/[^\s<>()\]]+)/;
const HTML_TRAILING = /^\s*(?:<a\b[^>]*>[\s\S]*?<\/a\s*>|<(code|kbd|samp)\b[^>]*>[\s\S]*?<\/\1\s*>|<\/(?:a|abbr|b|cite|code|del|em|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|u)\s*>|<!--[\s\S]*?-->)/i;

/** Moves an insertion point past the links, code and closing inline tags that follow it on its line. */
export function pastTrailingMarkup(text, at, format) {
  const re = format === 'html' ? HTML_TRAILING : format === 'markdown' ? MARKDOWN_TRAILING : null;
  if (!re) return at;
  for (let m; (m = re.exec(text.slice(at))) && m[0].length;) at += m[0].length;
  return at;
}

/** Markdown destination: angle brackets when the URL has spaces or parentheses, as CommonMark allows. */
export function markdownDestination(url) {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

/** Guesses what a textarea holds when the page did not say: block-level or anchor tags mean HTML. */
export function guessFormat(text) {
  return /<(p|div|a|h[1-6]|ul|ol|li|br|strong|em|b|i|blockquote|section|article|span)\b[^>]*>/i.test(text) ? 'html' : 'markdown';
}

export function textareaAdapter(el, { format } = {}) {
  const fmt = () => {
    const f = format || el.dataset.format || el.getAttribute('data-linker-format');
    return f === 'html' || f === 'markdown' || f === 'text' ? f : guessFormat(el.value);
  };
  /** Replaces [start, end) of the value as an edit: the caret keeps its place relative to the text around it. */
  const replace = (start, end, replacement) => {
    const { selectionStart, selectionEnd } = el;
    // setRangeText keeps the browser's undo stack better than assigning value, and preserves scroll.
    el.setRangeText(replacement, start, end, 'preserve');
    const shift = replacement.length - (end - start);
    const move = (p) => (p >= end ? p + shift : p);
    el.setSelectionRange(move(selectionStart), move(selectionEnd));
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  return {
    kind: 'textarea',
    element: el,
    get format() {
      return fmt();
    },
    read() {
      const text = el.value;
      const f = fmt();
      const scan = f === 'html' ? scanHtml(text) : f === 'markdown' ? scanMarkdown(text) : { blocked: [], links: [] };
      return { text, format: f, ...scan };
    },
    insertLink(start, end, url) {
      const f = fmt();
      const phrase = el.value.slice(start, end);
      const replacement = f === 'html'
        ? `<a href="${escapeHtmlAttr(url)}">${phrase}</a>`
        : f === 'markdown' ? `[${phrase.replace(/([[\]])/g, '\\$1')}](${markdownDestination(url)})` : null;
      if (replacement === null) return false;
      replace(start, end, replacement);
      return true;
    },
    /**
     * A new link reading `parts.text` with `before`/`after` text: at source offset `at` (past markup that closes
     * the sentence there), or as a last paragraph. Markdown `[text](url)`, HTML `<a href>` with the text escaped.
     */
    addLink(at, url, { before = '', text, after = '', block = false }) {
      const f = fmt();
      if (f !== 'markdown' && f !== 'html') return false;
      const value = el.value;
      const html = f === 'html';
      const link = html ? `<a href="${escapeHtmlAttr(url)}">${escapeHtmlText(text)}</a>`
        : `[${escapeMarkdownText(text)}](${markdownDestination(url)})`;
      const plain = (t) => (html ? escapeHtmlText(t) : t);
      let addition = plain(before) + link + plain(after);
      let pos;
      if (block) {
        pos = value.replace(/\s+$/, '').length;
        if (html) addition = `<p>${addition}</p>`;
        if (pos > 0) addition = (html ? '\n' : '\n\n') + addition;
      } else {
        if (!(at >= 0 && at <= value.length)) return false;
        pos = pastTrailingMarkup(value, at, f);
      }
      replace(pos, pos, addition);
      return true;
    },
    subscribe(cb) {
      el.addEventListener('input', cb);
      el.addEventListener('change', cb);
      return () => {
        el.removeEventListener('input', cb);
        el.removeEventListener('change', cb);
      };
    },
  };
}
