// A small HTTP server on loopback with the same paths as the Linker server: /widget/*, /demo/*, /vendor/* (the
// editors from node_modules) and the JSON API (/api/v1/suggestions, /api/v1/suggestions/inbound, /api/v1/pages,
// /api/v1/events, /api/v1/health), so the
// browser tests run before and without the Java server. Run by hand: `node test/support/fixture-server.js 7070`.
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FixtureIndex } from './suggest.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAX_BODY = 1024 * 1024;
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.map': 'application/json',
};
const MOUNTS = [
  ['/widget/', path.join(ROOT, 'src')],
  ['/demo/', path.join(ROOT, 'demo')],
  ['/vendor/tinymce/', path.join(ROOT, 'node_modules', 'tinymce')],
  ['/vendor/ckeditor5/', path.join(ROOT, 'node_modules', 'ckeditor5', 'dist', 'browser')],
];

class HttpError extends Error {
  constructor(status, code, message, field = null) {
    super(message);
    Object.assign(this, { status, code, field });
  }
}

function sendJson(res, status, body) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': data.length, 'Cache-Control': 'no-store' });
  res.end(data);
}

async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'too_large', `Request body exceeds ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (e) {
    throw new HttpError(400, 'invalid_json', `Request body is not valid JSON: ${e.message}`);
  }
}

/** Validates a suggestions request; every error names the offending field. */
export function parseSuggestionRequest(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  const { title = '', text, url, format = 'markdown', limit = 5, exclude = [], language } = body;
  if (typeof text !== 'string') throw new HttpError(400, 'invalid_field', 'text is required and must be a string', 'text');
  if (typeof title !== 'string') throw new HttpError(400, 'invalid_field', 'title must be a string', 'title');
  if (url !== undefined && url !== null && typeof url !== 'string') throw new HttpError(400, 'invalid_field', 'url must be a string', 'url');
  if (!['markdown', 'html', 'text'].includes(format)) throw new HttpError(400, 'invalid_field', 'format must be one of markdown, html, text', 'format');
  if (!Number.isInteger(limit) || limit < 1 || limit > 20) throw new HttpError(400, 'invalid_field', 'limit must be an integer from 1 to 20', 'limit');
  if (!Array.isArray(exclude) || exclude.some((u) => typeof u !== 'string')) throw new HttpError(400, 'invalid_field', 'exclude must be an array of URL strings', 'exclude');
  if (language !== undefined && language !== null && !LANGUAGE_TAG.test(language)) throw new HttpError(400, 'invalid_field', 'language must be a BCP 47 tag such as "fr" or "pt-BR"', 'language');
  return { title, text, url: url || undefined, format, limit, exclude, language: language || undefined };
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/** Validates an inbound request: a draft (text, as for suggestions; url its own address) or an indexed page by url. */
export function parseInboundRequest(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  const { limit = 5, minSimilarity } = body;
  if (!Number.isInteger(limit) || limit < 1 || limit > 20) throw new HttpError(400, 'invalid_field', 'limit must be an integer from 1 to 20', 'limit');
  if (minSimilarity !== undefined && (typeof minSimilarity !== 'number' || !(minSimilarity >= -1 && minSimilarity <= 1))) {
    throw new HttpError(400, 'invalid_field', 'minSimilarity must be a number from -1 to 1', 'minSimilarity');
  }
  if (body.text === undefined || body.text === null) {
    if (typeof body.url !== 'string' || !body.url) throw new HttpError(400, 'invalid_field', 'url is required (or a draft\'s text)', 'url');
    return { url: body.url, limit };
  }
  const { exclude, ...draft } = parseSuggestionRequest({ ...body, exclude: [] });
  return { ...draft, limit };
}

function parsePage(p, i) {
  const field = (name) => `pages[${i}].${name}`;
  if (!p || typeof p !== 'object') throw new HttpError(400, 'invalid_field', 'each page must be an object', `pages[${i}]`);
  if (typeof p.url !== 'string' || !/^https?:\/\//.test(p.url)) throw new HttpError(400, 'invalid_field', 'url must be an absolute http(s) URL', field('url'));
  if (typeof p.title !== 'string') throw new HttpError(400, 'invalid_field', 'title must be a string', field('title'));
  if (p.text !== undefined && typeof p.text !== 'string') throw new HttpError(400, 'invalid_field', 'text must be a string', field('text'));
  if (p.language !== undefined && p.language !== null && (typeof p.language !== 'string' || !LANGUAGE_TAG.test(p.language))) {
    throw new HttpError(400, 'invalid_field', 'language must be a BCP 47 tag such as "fr" or "pt-BR"', field('language'));
  }
  return p;
}

export async function startFixtureServer({ port = 0, host = '127.0.0.1', pages = [], apiKey = 'fixture-key' } = {}) {
  const index = new FixtureIndex();
  const events = []; // every event applied, for the tests to read
  const requests = []; // every write and suggestions request: { method, path, url (DELETE), body, key (suggestions) }
  for (const p of pages) index.upsert(p);
  const requireKey = (req) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) throw new HttpError(401, 'unauthorized', 'A valid API key is required (Authorization: Bearer …)');
  };

  async function api(req, res, url) {
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'POST /api/v1/suggestions': {
        const body = await readJson(req);
        requests.push({ method: 'POST', path: url.pathname, body, key: req.headers.authorization ?? null });
        const q = parseSuggestionRequest(body);
        return sendJson(res, 200, { suggestions: index.suggest(q) });
      }
      case 'POST /api/v1/suggestions/inbound': {
        const body = await readJson(req);
        requests.push({ method: 'POST', path: url.pathname, body });
        const q = parseInboundRequest(body);
        if (q.text === undefined) {
          const target = index.get(q.url);
          if (!target) throw new HttpError(404, 'not_found', `No page with url ${q.url} (inbound suggestions are for an indexed page, or a draft given by its text)`, 'url');
          return sendJson(res, 200, { target: q.url, suggestions: index.inbound({ title: target.title, text: target.text || '', url: q.url, format: 'text', limit: q.limit }) });
        }
        return sendJson(res, 200, { target: q.url ?? null, suggestions: index.inbound(q) });
      }
      case 'GET /api/v1/access': // what the request's key may do, as the Java server answers it (reads need no key here)
        return sendJson(res, 200, { read: true, write: req.headers.authorization === `Bearer ${apiKey}` });
      case 'GET /api/v1/health':
        return sendJson(res, 200, { status: 'ok', pages: index.size, embedder: 'fixture (word overlap)' });
      case 'GET /api/v1/pages': {
        const u = url.searchParams.get('url');
        if (!u) throw new HttpError(400, 'invalid_field', 'url query parameter is required', 'url');
        const page = index.get(u);
        if (!page) throw new HttpError(404, 'not_found', `No page with url ${u}`, 'url');
        return sendJson(res, 200, page);
      }
      case 'PUT /api/v1/pages': {
        requireKey(req);
        const body = await readJson(req);
        requests.push({ method: 'PUT', path: url.pathname, body });
        if (!body || !Array.isArray(body.pages)) throw new HttpError(400, 'invalid_field', 'pages must be an array', 'pages');
        const list = body.pages.map(parsePage);
        list.forEach((p) => index.upsert(p));
        return sendJson(res, 200, { upserted: list.length });
      }
      case 'POST /api/v1/events': {
        // The page lifecycle as the Linker server applies it: killed/redirected/merged pages stay, marked, and are
        // no longer suggested; created/updated make a page live again (with the page given, or the one indexed).
        requireKey(req);
        const e = await readJson(req);
        const kinds = ['created', 'updated', 'merged', 'killed', 'redirected'];
        if (!kinds.includes(e.type)) throw new HttpError(400, 'invalid_field', `type must be one of ${kinds.join(', ')}`, 'type');
        if (typeof e.url !== 'string' || !e.url) throw new HttpError(400, 'invalid_field', 'url is required', 'url');
        const handsOver = e.type === 'merged' || e.type === 'redirected';
        if (handsOver && (typeof e.survivor !== 'string' || !e.survivor || e.survivor === e.url)) {
          throw new HttpError(400, 'invalid_field', `survivor is required for a ${e.type} event and must differ from url`, 'survivor');
        }
        if (!handsOver && e.survivor != null) throw new HttpError(400, 'invalid_field', 'survivor only applies to merged and redirected events', 'survivor');
        if (e.page != null) {
          if (e.type !== 'created' && e.type !== 'updated') throw new HttpError(400, 'invalid_field', 'page only applies to created and updated events', 'page');
          parsePage(e.page, 0);
          if (e.page.url !== e.url) throw new HttpError(400, 'invalid_field', 'page.url must equal url', 'page.url');
        }
        const known = index.get(e.url);
        if (!known && !e.page) throw new HttpError(404, 'not_found', `No page with url ${e.url}`, 'url');
        const { redirectTo, ...rest } = e.page || known;
        if (e.type === 'created' || e.type === 'updated') index.upsert({ ...rest, status: 'live' });
        else index.upsert({ ...rest, status: e.type, ...(handsOver ? { redirectTo: e.survivor } : {}) });
        events.push(e);
        return sendJson(res, 200, { applied: e.type, url: e.url });
      }
      case 'DELETE /api/v1/pages': {
        requireKey(req);
        const u = url.searchParams.get('url');
        requests.push({ method: 'DELETE', path: url.pathname, url: u });
        if (!u) throw new HttpError(400, 'invalid_field', 'url query parameter is required', 'url');
        if (!index.delete(u)) throw new HttpError(404, 'not_found', `No page with url ${u}`, 'url');
        return sendJson(res, 200, { deleted: u });
      }
      default:
        throw new HttpError(404, 'not_found', `No route ${route}`);
    }
  }

  async function file(req, res, url) {
    if (url.pathname === '/' || url.pathname === '/demo') {
      res.writeHead(302, { Location: '/demo/' });
      return res.end();
    }
    const mount = MOUNTS.find(([prefix]) => url.pathname.startsWith(prefix));
    if (!mount || (req.method !== 'GET' && req.method !== 'HEAD')) throw new HttpError(404, 'not_found', `No file at ${url.pathname}`);
    const rel = decodeURIComponent(url.pathname.slice(mount[0].length)) || 'index.html';
    const full = path.resolve(mount[1], rel);
    if (!full.startsWith(mount[1] + path.sep)) throw new HttpError(404, 'not_found', `No file at ${url.pathname}`);
    const info = await stat(full).catch(() => null);
    if (!info || !info.isFile()) throw new HttpError(404, 'not_found', `No file at ${url.pathname}`);
    const data = await readFile(full);
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(full)] || 'application/octet-stream', 'Content-Length': data.length });
    res.end(req.method === 'HEAD' ? undefined : data);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, `http://${req.headers.host || host}`);
    try {
      if (url.pathname.startsWith('/api/')) await api(req, res, url);
      else await file(req, res, url);
    } catch (err) {
      if (err instanceof HttpError) sendJson(res, err.status, { error: { code: err.code, message: err.message, field: err.field } });
      else sendJson(res, 500, { error: { code: 'internal', message: 'Internal error', field: null } });
    }
  });
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: actual } = server.address();
  return {
    url: `http://${host}:${actual}`,
    apiKey,
    index,
    events,
    requests,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fixture = JSON.parse(await readFile(path.join(ROOT, 'test', 'fixtures', 'pages.json'), 'utf8'));
  const port = Number(process.argv[2] || 7070);
  const s = await startFixtureServer({ port, pages: fixture.pages, apiKey: process.env.LINKER_API_KEY || 'fixture-key' });
  process.stderr.write(`fixture server on ${s.url}/demo/ (Ctrl-C to stop)\n`);
}
