// Demo pages only: ?endpoint=…&key=… point every widget on the page at another Linker server.
const q = new URLSearchParams(location.search);
for (const w of document.querySelectorAll('linker-suggestions')) {
  if (q.get('endpoint')) w.setAttribute('endpoint', q.get('endpoint'));
  if (q.get('key')) w.setAttribute('api-key', q.get('key'));
}
