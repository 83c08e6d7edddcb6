// "Link to this post", written by WordPress: both editors' handler of the <linker-suggestions> element's
// linker-inbound-add event. It asks the plug-in's REST route linker/v1/link-from (as the logged-in author, with the
// REST nonce wp.apiFetch sends) to link the phrase in the other post — a new revision of it — and reports the outcome
// to the element, with an Undo that restores that post's revision from before. Plain wp.* globals, no build.
(function (wp) {
  'use strict';
  var __ = wp.i18n.__;

  function reason(err) {
    return err && err.message ? err.message : String(err);
  }

  /**
   * Makes `widget` write its inbound links through WordPress. `target()` says which post the links go to:
   * {post: its ID, published: whether it is} (a draft has no address readers can follow yet).
   */
  window.linkerInbound = function (widget, target) {
    widget.addEventListener('linker-inbound-add', function (e) {
      e.preventDefault(); // WordPress writes this link: the element waits for inboundResult()
      var d = e.detail;
      var t = target();
      if (!t || !t.published) {
        widget.inboundResult(d.source, {
          ok: false,
          message: __('Publish this post first: a link to it would lead readers to a page that does not exist yet.', 'linker'),
        });
        return;
      }
      wp.apiFetch({
        path: '/linker/v1/link-from',
        method: 'POST',
        data: {
          source: d.source,
          anchor: d.anchor,
          sentence: d.sentence,
          offset: d.start >= 0 && d.sentenceStart >= 0 ? d.start - d.sentenceStart : -1,
          target: d.target || '',
          target_post: t.post,
        },
      }).then(function (r) {
        widget.inboundResult(d.source, {
          ok: true,
          message: r.message,
          undo: r.before ? function () {
            return wp.apiFetch({
              path: '/linker/v1/link-from/undo',
              method: 'POST',
              data: { post: r.post, before: r.before, revision: r.revision },
            }).then(function (u) { return { ok: true, message: u.message }; });
          } : null,
        });
      }, function (err) {
        widget.inboundResult(d.source, { ok: false, message: reason(err) });
      });
    });
  };
}(window.wp));
