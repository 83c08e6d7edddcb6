// A contenteditable element: the widget sends its plain text and maps offsets back to DOM text nodes.
import { readDom, domRange, insertionRange, linkFragment } from './dom-text.js';

export function wrapInLink(range, url) {
  const doc = range.startContainer.ownerDocument;
  const a = doc.createElement('a');
  a.setAttribute('href', url);
  a.appendChild(range.extractContents());
  range.insertNode(a);
  // extractContents can leave empty inline shells (e.g. a bold split at its edge); drop them.
  for (const sib of [a.previousSibling, a.nextSibling]) {
    if (sib && sib.nodeType === 1 && sib.tagName !== 'BR' && !sib.textContent && !sib.querySelector('img,br')) sib.remove();
  }
  a.parentNode.normalize();
  return a;
}

export function contentEditableAdapter(el) {
  return {
    kind: 'contenteditable',
    element: el,
    format: 'text',
    read() {
      const { text, links, blocked } = readDom(el);
      return { text, format: 'text', links, blocked };
    },
    insertLink(start, end, url) {
      const { segments } = readDom(el);
      const range = domRange(el.ownerDocument, segments, start, end);
      if (!range) return false;
      const a = wrapInLink(range, url);
      const sel = el.ownerDocument.getSelection();
      if (sel && el.contains(sel.anchorNode)) {
        // The selection was inside the editor: leave the caret after the new link.
        const after = el.ownerDocument.createRange();
        after.setStartAfter(a);
        after.collapse(true);
        sel.removeAllRanges();
        sel.addRange(after);
      }
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertLink' }));
      return true;
    },
    /** A new link reading `parts.text`, with `before`/`after` text: at text offset `at`, or as a last paragraph. */
    addLink(at, url, parts) {
      const doc = el.ownerDocument;
      const { frag, a } = linkFragment(doc, url, parts);
      if (parts.block) {
        const p = doc.createElement('p');
        p.append(frag);
        el.append(p);
      } else {
        const range = insertionRange(doc, readDom(el).segments, at, el);
        if (!range) return false;
        range.insertNode(frag);
        a.parentNode.normalize();
      }
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertLink' }));
      return true;
    },
    subscribe(cb) {
      // Typing fires input; scripts that change the content (CMS toolbars, undo) only show up as mutations.
      const mo = new MutationObserver(cb);
      mo.observe(el, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['href'] });
      el.addEventListener('input', cb);
      return () => {
        mo.disconnect();
        el.removeEventListener('input', cb);
      };
    },
  };
}
