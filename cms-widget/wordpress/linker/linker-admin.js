// Settings → Linker: "Test connection" lists the server's checks; the sync button runs the whole-site sync one step
// (admin-ajax request) at a time, showing its progress, until it is done or stops on an error.
(() => {
  const { ajaxUrl, nonce, i18n } = window.linkerAdmin;
  const post = async (action, extra = {}) => {
    const body = new URLSearchParams({ action, _ajax_nonce: nonce, ...extra });
    const res = await fetch(ajaxUrl, { method: 'POST', credentials: 'same-origin', body });
    const json = await res.json().catch(() => null);
    if (!json || !json.success) throw new Error((json && json.data && json.data.message) || `HTTP ${res.status}`);
    return json.data;
  };
  const format = (s, ...args) => s.replace(/%(\d)\$d/g, (_, n) => String(args[n - 1]));

  const test = document.getElementById('linker-test');
  const results = document.getElementById('linker-test-result');
  test?.addEventListener('click', async () => {
    test.disabled = true;
    results.replaceChildren(Object.assign(document.createElement('li'), { textContent: i18n.testing }));
    try {
      // The values typed in the form, saved or not (an empty write key field: the saved key).
      const field = (name) => document.querySelector(`[name="${name}"]`);
      const typed = {};
      if (field('linker_endpoint')) typed.endpoint = field('linker_endpoint').value;
      if (field('linker_api_key')) typed.api_key = field('linker_api_key').value;
      if (field('linker_write_key')) typed.write_key = field('linker_write_key').value;
      if (field('linker_write_key_remove')?.checked) typed.write_key_remove = '1';
      const checks = await post('linker_test', typed);
      results.replaceChildren(...checks.map((c) => {
        const li = document.createElement('li');
        li.dataset.check = c.check;
        li.dataset.ok = String(c.ok);
        li.textContent = `${c.ok ? '✓' : '✗'} ${c.message}`;
        return li;
      }));
    } catch (e) {
      results.replaceChildren(Object.assign(document.createElement('li'), { textContent: `${i18n.failed} ${e.message}` }));
    } finally {
      test.disabled = false;
    }
  });

  const sync = document.getElementById('linker-sync');
  const bar = document.getElementById('linker-sync-progress');
  const status = document.getElementById('linker-sync-status');
  sync?.addEventListener('click', async () => {
    sync.disabled = true;
    bar.hidden = false;
    let extra = { start: '1' };
    try {
      for (;;) {
        const s = await post('linker_sync_step', extra);
        extra = {};
        bar.max = Math.max(1, s.total);
        bar.value = s.done_posts;
        status.textContent = format(i18n.progress, s.done_posts, s.total, s.sent, s.unchanged, s.left_out || 0, s.failed);
        if (s.error) {
          status.textContent += ` — ${i18n.stopped} ${s.error}`;
          break;
        }
        if (s.done) {
          status.textContent += ` — ${i18n.done}`;
          break;
        }
      }
    } catch (e) {
      status.textContent = `${i18n.stopped} ${e.message}`;
    } finally {
      sync.disabled = false;
    }
  });
})();
