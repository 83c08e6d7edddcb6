// CKEditor 5: text comes from the editor's model (not its DOM, which CKEditor re-renders at will), and the link is
// set with the Link plugin's command, so undo, the link UI and getData() all see it.

export function isCkEditor5(editor) {
  return !!editor && !!editor.model && !!editor.model.document && typeof editor.getData === 'function';
}

/** The CKEditor 5 instance whose source element or editable is `el`. */
export function findCkEditor5(el, doc = document) {
  if (!el) return null;
  if (isCkEditor5(el.ckeditorInstance)) return el.ckeditorInstance;
  for (const editable of doc.querySelectorAll('.ck-editor__editable')) {
    const ed = editable.ckeditorInstance;
    if (isCkEditor5(ed) && (ed.sourceElement === el || (el.contains && el.contains(editable)))) return ed;
  }
  return null;
}

function readModel(editor) {
  const schema = editor.model.schema;
  const segments = [];
  const links = [];
  const blocked = [];
  let text = '';
  let open = null; // the link being extended over adjacent text nodes
  const breakBlock = () => {
    open = null;
    if (text && !text.endsWith('\n')) text += '\n\n';
  };
  const walk = (element) => {
    for (const child of element.getChildren()) {
      if (child.is('$text') || child.is('$textProxy')) {
        const start = text.length;
        segments.push({ parent: element, modelStart: child.startOffset, start, end: start + child.data.length });
        text += child.data.replace(/[\t\n\r\f]/g, ' ');
        const href = child.getAttribute('linkHref');
        if (href && open && open.href === href && open.end === start) {
          open.end = text.length;
        } else if (href) {
          open = { href, start, end: text.length };
          links.push(open);
        } else {
          open = null;
        }
        if (child.hasAttribute('code')) blocked.push([start, text.length]);
      } else if (child.is('element')) {
        if (child.name === 'softBreak') {
          text += '\n';
          open = null;
        } else if (schema.isInline(child) && !schema.isBlock(child)) {
          open = null; // inline objects (images, mentions) carry no text
        } else {
          breakBlock();
          const start = text.length;
          walk(child);
          if (child.name === 'codeBlock') blocked.push([start, text.length]);
          breakBlock();
        }
      }
    }
  };
  for (const root of editor.model.document.getRoots ? editor.model.document.getRoots() : [editor.model.document.getRoot()]) {
    if (root.rootName === '$graveyard') continue;
    breakBlock();
    walk(root);
  }
  for (const l of links) blocked.push([l.start, l.end]);
  return { text, links, blocked, segments };
}

function modelPosition(editor, segments, offset, atEnd) {
  for (const seg of segments) {
    if (atEnd ? offset > seg.start && offset <= seg.end : offset >= seg.start && offset < seg.end) {
      return editor.model.createPositionAt(seg.parent, seg.modelStart + (offset - seg.start));
    }
  }
  return null;
}

export function ckEditor5Adapter(editor) {
  return {
    kind: 'ckeditor5',
    editor,
    format: 'text',
    read() {
      const { text, links, blocked } = readModel(editor);
      return { text, format: 'text', links, blocked };
    },
    insertLink(start, end, url) {
      const { segments } = readModel(editor);
      const a = modelPosition(editor, segments, start, false);
      const b = modelPosition(editor, segments, end, true);
      if (!a || !b) return false;
      const range = editor.model.createRange(a, b);
      const command = editor.commands.get('link');
      if (command && command.isEnabled !== false) {
        editor.model.change((writer) => {
          writer.setSelection(range);
          editor.execute('link', url);
          writer.setSelection(b);
        });
      } else if (editor.model.schema.checkAttribute('$text', 'linkHref')) {
        editor.model.change((writer) => writer.setAttribute('linkHref', url, range));
      } else {
        return false; // without the Link plugin the model cannot hold links
      }
      return true;
    },
    /**
     * A new link reading `parts.text` (with `before`/`after` text) at text offset `at`, or in a new last paragraph;
     * written in one model change, so it is one undo step and getData() has it.
     */
    addLink(at, url, { before = '', text, after = '', block = false }) {
      const model = editor.model;
      if (!model.schema.checkAttribute('$text', 'linkHref')) return false; // no Link plugin: no links in the model
      let pos = null;
      if (!block) {
        const { segments } = readModel(editor);
        pos = modelPosition(editor, segments, at, true) || modelPosition(editor, segments, at, false);
        if (!pos) return false;
      }
      model.change((writer) => {
        let parent;
        let offset;
        if (block) {
          parent = writer.createElement('paragraph');
          writer.insert(parent, model.document.getRoot(), 'end');
          offset = 0;
        } else {
          parent = pos.parent;
          offset = pos.offset;
        }
        for (const [t, attrs] of [[before, {}], [text, { linkHref: url }], [after, {}]]) {
          if (!t) continue;
          writer.insertText(t, attrs, writer.createPositionAt(parent, offset));
          offset += t.length;
        }
      });
      return true;
    },
    subscribe(cb) {
      const doc = editor.model.document;
      doc.on('change:data', cb);
      return () => doc.off('change:data', cb);
    },
  };
}
