// Picks the adapter for whatever editor the widget is pointed at.
import { textareaAdapter } from './textarea.js';
import { contentEditableAdapter } from './contenteditable.js';
import { tinyMceAdapter, isTinyMce, findTinyMce } from './tinymce.js';
import { ckEditor5Adapter, isCkEditor5, findCkEditor5 } from './ckeditor5.js';

export { textareaAdapter, contentEditableAdapter, tinyMceAdapter, ckEditor5Adapter };

/**
 * @param {Element|null} target the element named by the widget's `for` attribute
 * @param {object|null} editor an editor instance the page passed explicitly (TinyMCE, CKEditor 5, or an adapter)
 * @param {{format?: string}} options
 * @returns an adapter, or null while the editor is not ready yet (rich editors initialise asynchronously)
 */
export function resolveAdapter(target, editor, options = {}) {
  if (editor) {
    if (typeof editor.read === 'function' && typeof editor.insertLink === 'function' && typeof editor.subscribe === 'function') return editor;
    if (isCkEditor5(editor)) return ckEditor5Adapter(editor);
    if (isTinyMce(editor)) return editor.initialized === false ? null : tinyMceAdapter(editor);
    if (editor.nodeType === 1) target = editor;
    else throw new TypeError('linker-suggestions: editor is neither a TinyMCE nor a CKEditor 5 instance nor an element');
  }
  if (!target) return null;
  const win = target.ownerDocument.defaultView || window;
  const tiny = findTinyMce(target, win);
  if (tiny) return tinyMceAdapter(tiny);
  const ck = findCkEditor5(target, target.ownerDocument);
  if (ck) return ckEditor5Adapter(ck);
  // A textarea that a rich editor is about to take over: wait for it rather than watch the hidden textarea.
  if (target.tagName === 'TEXTAREA' && win.tinymce && typeof win.tinymce.get === 'function' && target.id && win.tinymce.get(target.id)) return null;
  if (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && target.type === 'text')) return textareaAdapter(target, options);
  if (target.isContentEditable) return contentEditableAdapter(target);
  const inner = target.querySelector && target.querySelector('[contenteditable=""], [contenteditable="true"]');
  if (inner) return contentEditableAdapter(inner);
  return null;
}
