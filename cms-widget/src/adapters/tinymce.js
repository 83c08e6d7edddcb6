// TinyMCE (5 to 8): the editor's body is a contenteditable document inside an iframe; the link goes in through
// TinyMCE's own mceInsertLink command so that it lands in TinyMCE's undo history and content model.
import { readDom, domRange, insertionRange, linkFragment } from './dom-text.js';

export function isTinyMce(editor) {
  return !!editor && typeof editor.getBody === 'function' && typeof editor.execCommand === 'function' && !!editor.selection;
}

/** The TinyMCE editor created on element `el` (a textarea), if the page uses the tinymce global. */
export function findTinyMce(el, win = window) {
  const tiny = win.tinymce;
  if (!tiny || typeof tiny.get !== 'function' || !el) return null;
  const ed = (el.id && tiny.get(el.id)) || (tiny.get() || []).find((e) => e.getElement && e.getElement() === el);
  return ed && ed.initialized && ed.getBody() ? ed : null;
}

export function tinyMceAdapter(editor) {
  return {
    kind: 'tinymce',
    editor,
    format: 'text',
    read() {
      const { text, links, blocked } = readDom(editor.getBody());
      return { text, format: 'text', links, blocked };
    },
    insertLink(start, end, url) {
      const { segments } = readDom(editor.getBody());
      const range = domRange(editor.getDoc(), segments, start, end);
      if (!range) return false;
      const bookmark = editor.selection.getBookmark(2, true);
      editor.undoManager.transact(() => {
        editor.selection.setRng(range);
        editor.execCommand('mceInsertLink', false, { href: url });
      });
      try {
        editor.selection.moveToBookmark(bookmark);
      } catch {
        editor.selection.collapse(false);
      }
      editor.nodeChanged();
      return true;
    },
    /** A new link (with `before`/`after` text) at text offset `at`, or as a last paragraph; one undo step. */
    addLink(at, url, parts) {
      const body = editor.getBody();
      const doc = editor.getDoc();
      const range = parts.block ? null : insertionRange(doc, readDom(body).segments, at, body);
      if (!parts.block && !range) return false;
      editor.undoManager.transact(() => {
        const { frag, a } = linkFragment(doc, url, parts);
        if (parts.block) {
          const p = doc.createElement('p');
          p.append(frag);
          body.append(p);
        } else {
          range.insertNode(frag);
          a.parentNode.normalize();
        }
      });
      editor.nodeChanged();
      return true;
    },
    subscribe(cb) {
      const events = 'input change undo redo SetContent ExecCommand';
      editor.on(events, cb);
      return () => editor.off(events, cb);
    },
  };
}
