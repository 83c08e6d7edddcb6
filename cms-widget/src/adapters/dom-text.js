// Plain text of a rich-text DOM (contenteditable, TinyMCE's body) with a map back to DOM positions, so the
// server can work on words and offsets while insertion still lands on the exact text nodes.

const BLOCK = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE',
  'SECTION', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL',
]);
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
// Where a link must not be created: inside code, or where one already is.
const NO_LINK = new Set(['CODE', 'PRE', 'KBD', 'SAMP']);

/**
 * @param {Element} root the editable element
 * @returns {{text: string, links: {href: string, start: number, end: number}[], blocked: [number, number][],
 *            segments: {node: Text, start: number, end: number}[]}}
 */
export function readDom(root) {
  const segments = [];
  const links = [];
  const blocked = [];
  let text = '';
  const breakBlock = () => {
    if (text && !text.endsWith('\n')) text += '\n\n';
  };
  const walk = (node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        // Whitespace is mapped one to one (same length) so offsets stay exact.
        const data = child.data.replace(/[\t\n\r\f]/g, ' ');
        segments.push({ node: child, start: text.length, end: text.length + data.length });
        text += data;
      } else if (child.nodeType === 1) {
        const tag = child.tagName.toUpperCase();
        if (SKIP.has(tag) || child.getAttribute('data-mce-bogus') === 'all') continue;
        if (tag === 'BR') {
          text += '\n';
          continue;
        }
        const block = BLOCK.has(tag);
        if (block) breakBlock();
        const start = text.length;
        walk(child);
        if (tag === 'A' && child.hasAttribute('href')) {
          links.push({ href: child.getAttribute('href'), start, end: text.length });
          blocked.push([start, text.length]);
        } else if (NO_LINK.has(tag) || child.isContentEditable === false && child.getAttribute('contenteditable') === 'false') {
          blocked.push([start, text.length]);
        }
        if (block) breakBlock();
      }
    }
  };
  walk(root);
  return { text, links, blocked, segments };
}

/** DOM position of a text offset; `atEnd` picks the earlier node when the offset sits on a boundary. */
export function domPosition(segments, offset, atEnd) {
  for (const seg of segments) {
    if (atEnd ? offset > seg.start && offset <= seg.end : offset >= seg.start && offset < seg.end) {
      return { node: seg.node, offset: offset - seg.start };
    }
  }
  return null;
}

/** A Range in `doc` covering text offsets [start, end) of a readDom() result, or null when it cannot be mapped. */
export function domRange(doc, segments, start, end) {
  const a = domPosition(segments, start, false);
  const b = domPosition(segments, end, true);
  if (!a || !b) return null;
  const range = doc.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  return range;
}

/**
 * A collapsed Range at text offset `at` of a readDom() result, where new content goes: at the end of a text node it
 * moves past the inline elements that end there (emphasis, and always a link), so the addition is neither emphasised
 * nor part of another link. Null when the offset cannot be mapped.
 */
export function insertionRange(doc, segments, at, root) {
  const pos = domPosition(segments, at, true) || domPosition(segments, at, false);
  if (!pos) return null;
  const range = doc.createRange();
  let n = pos.node;
  if (pos.offset < n.data.length) {
    range.setStart(n, pos.offset);
  } else {
    while (n.parentNode && n.parentNode !== root && n.parentNode.nodeType === 1 && !BLOCK.has(n.parentNode.tagName.toUpperCase())
      && (!n.nextSibling || n.parentNode.tagName.toUpperCase() === 'A')) {
      n = n.parentNode;
    }
    if (n === pos.node) range.setStart(n, pos.offset);
    else range.setStartAfter(n);
  }
  range.collapse(true);
  return range;
}

/** `before`, a link to `url` reading `text`, and `after`, as DOM nodes (text only: nothing is parsed as markup). */
export function linkFragment(doc, url, { before = '', text, after = '' }) {
  const frag = doc.createDocumentFragment();
  const a = doc.createElement('a');
  a.setAttribute('href', url);
  a.textContent = text;
  if (before) frag.append(doc.createTextNode(before));
  frag.append(a);
  if (after) frag.append(doc.createTextNode(after));
  return { frag, a };
}
