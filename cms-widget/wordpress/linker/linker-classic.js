// The Classic editor's Linker box: loads the <linker-suggestions> element (shipped in the plug-in, data-widget), gives
// it the REST nonce for this site's routes that ask the Linker server (data-nonce), and points it at the
// editor WordPress shows — TinyMCE ("Visual", the widget's TinyMCE adapter) or the textarea ("Text", HTML) — again
// each time the author switches tabs.
(() => {
  'use strict';
  const widget = document.getElementById('linker-classic-widget');
  if (!widget) return;
  const base = widget.dataset.widget;
  widget.headers = () => ({ 'X-WP-Nonce': (window.wp && wp.apiFetch && wp.apiFetch.nonceMiddleware
    && wp.apiFetch.nonceMiddleware.nonce) || widget.dataset.nonce });
  const textarea = document.getElementById('content');
  const wrap = document.getElementById('wp-content-wrap');
  const visual = () => !wrap || wrap.classList.contains('tmce-active');
  const tiny = () => (window.tinymce && window.tinymce.get('content')) || null;

  let timer = 0;
  let adapters = null;
  const follow = () => {
    clearTimeout(timer);
    if (!visual()) { // TinyMCE stays initialised but hidden: the textarea adapter, explicitly
      widget.editor = adapters.textareaAdapter(textarea, { format: 'html' });
      widget.dataset.editor = 'text'; // which editor the box follows now (what a test waits for before typing)
      return;
    }
    const ed = tiny();
    if (ed && ed.initialized) {
      widget.editor = ed;
      widget.dataset.editor = 'visual';
    } else {
      timer = setTimeout(follow, 100); // TinyMCE starts after this script, or is switched back on
    }
  };

  Promise.all([import(`${base}linker-suggestions.js`), import(`${base}adapters/index.js`)])
    .then(([, a]) => {
      adapters = a;
      return customElements.whenDefined('linker-suggestions');
    })
    .then(() => {
      // "Add link" on a post that should link to this one (linker-inbound.js): the box has `url` once it is published.
      window.linkerInbound(widget, () => ({
        post: Number((document.getElementById('post_ID') || {}).value || 0),
        published: widget.hasAttribute('url'),
      }));
      follow();
      document.querySelectorAll('#content-tmce, #content-html').forEach((b) => b.addEventListener('click', () => {
        setTimeout(follow, 0); // after WordPress's own handler moved the content
      }));
    }, (err) => {
      const p = widget.parentNode.querySelector('.linker-classic-failure');
      p.textContent = `Cannot load the Linker widget from ${base}: ${err.message}`;
      p.hidden = false;
    });
})();
