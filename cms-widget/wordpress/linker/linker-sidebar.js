// The "Linker" sidebar of the block editor: the <linker-suggestions> element (shipped in the plug-in's widget/ folder),
// working on the post's blocks through an adapter (read the text, link a phrase, add a new link, watch for changes).
// Its requests go to this site's REST routes with the REST nonce; WordPress asks the Linker server (Linker_Proxy).
// Plain wp.* globals, no build.
(function (wp, settings) {
  'use strict';
  var el = wp.element.createElement;
  var data = wp.data;
  var richText = wp.richText;

  // Blocks whose rich text can carry a link, and the attribute holding it.
  var TEXT_BLOCKS = {
    'core/paragraph': 'content', 'core/heading': 'content', 'core/list-item': 'content', 'core/verse': 'content',
    'core/quote': 'value', 'core/pullquote': 'value',
  };

  function textBlocks(blocks, out) {
    blocks.forEach(function (b) {
      if (TEXT_BLOCKS[b.name] && typeof b.attributes[TEXT_BLOCKS[b.name]] !== 'undefined') out.push(b);
      if (b.innerBlocks && b.innerBlocks.length) textBlocks(b.innerBlocks, out);
    });
    return out;
  }

  /** The post as plain text (blocks separated by blank lines), with where each block sits and its links. */
  function read() {
    var blocks = textBlocks(data.select('core/block-editor').getBlocks(), []);
    var text = '';
    var segments = [];
    var links = [];
    var blocked = [];
    blocks.forEach(function (b) {
      var attr = TEXT_BLOCKS[b.name];
      var html = String(b.attributes[attr] || '');
      var value = richText.create({ html: html });
      if (text) text += '\n\n';
      var start = text.length;
      text += value.text;
      segments.push({ clientId: b.clientId, attr: attr, html: html, start: start, end: text.length });
      var run = null;
      for (var i = 0; i <= value.text.length; i++) {
        var formats = value.formats[i] || [];
        var link = null;
        for (var k = 0; k < formats.length; k++) if (formats[k].type === 'core/link') link = formats[k];
        var href = link && link.attributes ? link.attributes.url : null;
        if (run && href === run.href) {
          run.end = start + i + 1;
        } else {
          if (run) { links.push(run); blocked.push([run.start, run.end]); }
          run = href ? { href: href, start: start + i, end: start + i + 1 } : null;
        }
      }
    });
    return { text: text, format: 'text', links: links, blocked: blocked, segments: segments };
  }

  var adapter = {
    kind: 'wordpress',
    format: 'text',
    read: function () {
      var r = read();
      return { text: r.text, format: 'text', links: r.links, blocked: r.blocked };
    },
    title: function () {
      return data.select('core/editor').getEditedPostAttribute('title') || '';
    },
    insertLink: function (start, end, url) {
      var segs = read().segments;
      for (var i = 0; i < segs.length; i++) {
        var s = segs[i];
        if (start >= s.start && end <= s.end) {
          var value = richText.create({ html: s.html });
          var linked = richText.applyFormat(value, { type: 'core/link', attributes: { url: url } },
            start - s.start, end - s.start);
          var attrs = {};
          attrs[s.attr] = richText.toHTMLString({ value: linked });
          data.dispatch('core/block-editor').updateBlockAttributes(s.clientId, attrs);
          return true;
        }
      }
      return false; // the phrase spans two blocks
    },
    // A suggestion without a phrase: a new link reading parts.text (with parts.before/after) at offset `at` of the
    // text, in that block; or, with parts.block, a new paragraph block at the end of the post.
    addLink: function (at, url, parts) {
      var link = richText.applyFormat(richText.create({ text: parts.text }),
        { type: 'core/link', attributes: { url: url } }, 0, parts.text.length);
      var addition = richText.concat(richText.create({ text: parts.before || '' }), link,
        richText.create({ text: parts.after || '' }));
      if (parts.block) {
        var block = wp.blocks.createBlock('core/paragraph', { content: richText.toHTMLString({ value: addition }) });
        data.dispatch('core/block-editor').insertBlocks(block, undefined, undefined, false);
        return true;
      }
      var segs = read().segments;
      for (var i = 0; i < segs.length; i++) {
        var s = segs[i];
        if (at >= s.start && at <= s.end) {
          var value = richText.insert(richText.create({ html: s.html }), addition, at - s.start, at - s.start);
          var attrs = {};
          attrs[s.attr] = richText.toHTMLString({ value: value });
          data.dispatch('core/block-editor').updateBlockAttributes(s.clientId, attrs);
          return true;
        }
      }
      return false;
    },
    subscribe: function (cb) {
      var last = data.select('core/block-editor').getBlocks();
      var lastTitle = adapter.title();
      return data.subscribe(function () {
        var now = data.select('core/block-editor').getBlocks();
        var title = adapter.title();
        if (now !== last || title !== lastTitle) {
          last = now;
          lastTitle = title;
          cb();
        }
      });
    },
  };

  var widgetReady = import(settings.widget + 'linker-suggestions.js')
    .then(function () { return customElements.whenDefined('linker-suggestions'); });

  function LinkerPanel() {
    var ref = wp.element.useRef(null);
    var state = wp.element.useState(null);
    var failure = state[0];
    var setFailure = state[1];
    wp.element.useEffect(function () {
      var widget = null;
      var cancelled = false;
      var unsubscribe = null;
      widgetReady.then(function () {
        if (cancelled || !ref.current) return;
        widget = document.createElement('linker-suggestions');
        widget.id = 'linker-wp-widget';
        widget.setAttribute('endpoint', settings.endpoint);
        widget.setAttribute('limit', '5');
        // The nonce apiFetch keeps fresh (heartbeat renews it in a long session), else the one the page came with.
        widget.headers = function () {
          var m = wp.apiFetch && wp.apiFetch.nonceMiddleware;
          return { 'X-WP-Nonce': (m && m.nonce) || settings.nonce };
        };
        if (settings.language) widget.setAttribute('language', settings.language);
        var permalink = data.select('core/editor').getPermalink();
        if (permalink) widget.setAttribute('url', permalink);
        widget.editor = adapter;
        // "Add link" on a post that should link to this one: written by the plug-in's REST route (linker-inbound.js).
        window.linkerInbound(widget, function () {
          var post = data.select('core/editor').getCurrentPost();
          return { post: post.id, published: post.status === 'publish' };
        });
        ref.current.appendChild(widget);
        // Once published (or saved with a new slug), the post's address is what the element's `url` says: its own page
        // is never suggested, and the inbound links go to it. Saved state only, so typing a title asks nothing.
        unsubscribe = data.subscribe(function () {
          var post = data.select('core/editor').getCurrentPost();
          if (post && post.status === 'publish' && post.link && post.link !== widget.getAttribute('url')) {
            widget.setAttribute('url', post.link);
          }
        });
      }, function (err) {
        if (!cancelled) setFailure('Cannot load the Linker widget from ' + settings.widget + ': ' + err.message);
      });
      return function () {
        cancelled = true;
        if (unsubscribe) unsubscribe();
        if (widget) widget.remove();
      };
    }, []);
    return el('div', { className: 'linker-panel', style: { padding: '12px' } },
      failure ? el('p', { role: 'alert' }, failure) : null,
      el('div', { ref: ref }));
  }

  // The post's own switch, saved as the post meta _linker_exclude: a post left out is deleted from the server's index.
  function LeaveOut() {
    var meta = data.useSelect(function (select) { return select('core/editor').getEditedPostAttribute('meta'); }, []);
    var editPost = data.useDispatch('core/editor').editPost;
    if (!settings.leaveOut || !meta || typeof meta._linker_exclude === 'undefined') return null;
    return el('div', { className: 'linker-leave-out', style: { padding: '12px 12px 0' } },
      el(wp.components.CheckboxControl, {
        label: wp.i18n.__('Leave this post out of link suggestions', 'linker'),
        help: wp.i18n.__('Other posts will not be offered a link to it.', 'linker'),
        checked: !!meta._linker_exclude,
        onChange: function (value) { editPost({ meta: { _linker_exclude: value } }); },
      }));
  }

  wp.plugins.registerPlugin('linker', {
    icon: 'admin-links',
    render: function () {
      return el(wp.element.Fragment, null,
        el(wp.editPost.PluginSidebarMoreMenuItem, { target: 'linker-sidebar', icon: 'admin-links' }, 'Linker'),
        el(wp.editPost.PluginSidebar, { name: 'linker-sidebar', title: 'Linker', icon: 'admin-links' },
          el(LeaveOut), el(LinkerPanel)));
    },
  });
}(window.wp, window.linkerSettings));
