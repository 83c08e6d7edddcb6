// A forwarding proxy on loopback that the tests can take down and bring back, to play a Linker server that goes
// away and returns. It answers CORS itself, as a server with this page's origin in its allow-list would.
import http from 'node:http';

export async function startProxy(target) {
  const upstream = new URL(target);
  const sockets = new Set();
  const stalled = new Set(); // requests taken while stalled: read, never answered
  let stalling = false;
  let slow = null; // {match(method, path), ms}: such requests wait ms before they are forwarded
  const seen = []; // [method, path] of every request forwarded, in the order they came
  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    const cors = origin ? {
      'Access-Control-Allow-Origin': origin, Vary: 'Origin',
      'Access-Control-Allow-Headers': 'Content-Type, Authorization', 'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
    } : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    if (stalling) {
      stalled.add(res);
      return req.resume();
    }
    seen.push([req.method, req.url]);
    const wait = slow && slow.match(req.method, req.url) ? slow.ms : 0;
    const headers = { ...req.headers, host: upstream.host };
    delete headers.origin; // same-origin to the upstream: its own CORS allow-list is not under test here
    const fwd = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (up) => {
      const headers = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !k.startsWith('access-control-')));
      res.writeHead(up.statusCode, { ...headers, ...cors });
      up.pipe(res);
    });
    fwd.on('error', () => {
      res.writeHead(502, { 'Content-Type': 'application/json', ...cors });
      res.end('{"error":{"code":"bad_gateway","message":"upstream unreachable","field":null}}');
    });
    if (wait) {
      req.pause();
      setTimeout(() => req.pipe(fwd), wait);
    } else {
      req.pipe(fwd);
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const listen = (port) => new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  await listen(0);
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Refuses connections from now on, like a stopped server. */
    down: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
    up: () => listen(port),
    /** Accepts requests and never answers them, like a server stuck behind a lock or a dead upstream. */
    stall: () => {
      stalling = true;
    },
    /** From now on, requests that match(method, path) accepts are forwarded `ms` late, as from a slow server;
     *  slowDown(null) ends it. */
    slowDown: (match, ms) => {
      slow = match ? { match, ms } : null;
    },
    /** [method, path] of each request forwarded so far. */
    seen,
    /** Answers again; the requests held while stalled are cut off. */
    resume: () => {
      stalling = false;
      for (const res of stalled) res.destroy();
      stalled.clear();
    },
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    }),
  };
}
