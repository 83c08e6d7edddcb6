// The suggestions contract the widget relies on, checked over HTTP against the server under test (the fixture
// server, or a real Linker server with LINKER_SERVER_URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, pageByPath } from './support/harness.js';

let server;
before(async () => {
  server = await startServer();
});
after(async () => server?.close());

const post = (body, raw) => fetch(`${server.url}/api/v1/suggestions`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw ?? JSON.stringify(body),
});

test('suggestions_carry_url_title_anchor_or_none_sentence_offsets_wording_score_and_reasons', async () => {
  const text = 'Good espresso extraction depends on a burr grinder, because a blade grinder makes uneven grounds. '
    + 'I buy a fresh bag every week from a local roaster, keep it airtight, away from light and heat, and freeze what I '
    + 'will not use within a month.';
  const res = await post({ title: 'Espresso at home', text, format: 'text', limit: 5, exclude: [] });
  assert.equal(res.status, 200);
  const { suggestions } = await res.json();
  assert.ok(suggestions.length > 0 && suggestions.length <= 5);
  for (const s of suggestions) {
    assert.equal(typeof s.url, 'string');
    assert.equal(typeof s.title, 'string');
    assert.ok(typeof s.wording === 'string' && s.wording.length > 0, `${s.url}: the wording of a link to add`);
    assert.ok(['name', 'distinctive', 'semantic', 'none'].includes(s.reasons.anchor), `${s.url}: reasons.anchor ${s.reasons.anchor}`);
    assert.equal(text.slice(s.sentenceStart, s.sentenceEnd).replace(/\s+/g, ' '), s.sentence, `${s.url}: sentence at its offsets`);
    if (s.anchor === null) {
      assert.equal(s.reasons.anchor, 'none');
      assert.deepEqual([s.start, s.end], [-1, -1], `${s.url}: no phrase, no offsets`);
    } else {
      assert.equal(text.slice(s.start, s.end), s.anchor, `${s.url}: anchor at its offsets`);
      assert.ok(s.sentenceStart <= s.start && s.end <= s.sentenceEnd, `${s.url}: the sentence holds the anchor`);
      assert.notEqual(s.reasons.anchor, 'none');
    }
    assert.equal(typeof s.score, 'number');
  }
  assert.ok(suggestions.some((s) => s.anchor === null), 'a page ranked in the top five is returned though no phrase fits');
  assert.ok(suggestions.some((s) => s.anchor !== null), 'and the pages the draft names have their phrase');
  const scores = suggestions.map((s) => s.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'best first');
});

test('limit_exclude_own_url_and_links_in_the_draft_are_honoured', async () => {
  const grinder = pageByPath(server.pages, '/gear/burr-grinder');
  const descaling = pageByPath(server.pages, '/care/descaling');
  const water = pageByPath(server.pages, '/guides/water-chemistry');
  const text = `A burr grinder, water chemistry and descaling the espresso machine. See [my notes](${water.url}).`;
  const res = await post({ title: '', text, url: descaling.url, format: 'markdown', limit: 1, exclude: [grinder.url] });
  const { suggestions } = await res.json();
  assert.ok(suggestions.length <= 1);
  const all = await (await post({ text, url: descaling.url, format: 'markdown', limit: 20, exclude: [grinder.url] })).json();
  const urls = all.suggestions.map((s) => s.url);
  assert.ok(!urls.includes(grinder.url), 'excluded');
  assert.ok(!urls.includes(descaling.url), "the draft's own URL");
  assert.ok(!urls.includes(water.url), 'already linked in the draft');
});

test('bad_requests_get_a_4xx_json_error_naming_the_field', async () => {
  const cases = [
    [{ title: 't', format: 'text' }, 'text'],
    [{ text: 'x', format: 'docx' }, 'format'],
    [{ text: 'x', limit: 0 }, 'limit'],
    [{ text: 'x', limit: 21 }, 'limit'],
    [{ text: 'x', exclude: 'https://a.example/' }, 'exclude'],
    [{ text: 'x', title: 7 }, 'title'],
  ];
  for (const [body, field] of cases) {
    const res = await post(body);
    assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(body)} → ${res.status}`);
    const json = await res.json();
    assert.equal(json.error.field, field, JSON.stringify(json));
    assert.equal(typeof json.error.code, 'string');
    assert.equal(typeof json.error.message, 'string');
  }
  const broken = await post(null, '{"text": ');
  assert.equal(broken.status, 400);
  const err = (await broken.json()).error;
  assert.equal(typeof err.message, 'string');
  assert.ok(!/\bat [\w.$]+\(/.test(err.message), 'no stack trace in the message');
});

test('writing_pages_without_the_api_key_is_refused', async () => {
  const res = await fetch(`${server.url}/api/v1/pages`, {
    method: 'PUT', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ pages: [{ url: 'https://brew.example/x', title: 'X', text: 'x' }] }),
  });
  assert.equal(res.status, 401);
  assert.equal(typeof (await res.json()).error.message, 'string');
});

const inbound = (body) => fetch(`${server.url}/api/v1/suggestions/inbound`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
});

test('inbound_suggestions_for_a_draft_name_each_source_with_a_phrase_of_its_stored_text_best_first', async () => {
  const res = await inbound({ title: 'Portafilter basket sizes', text: 'Which portafilter basket fits your machine? '
    + 'Portafilter baskets come in 58, 54 and 51 mm; the basket decides the espresso tamper.', format: 'text', limit: 5,
  url: 'https://brew.example/gear/portafilter-baskets' });
  assert.equal(res.status, 200);
  const { target, suggestions } = await res.json();
  assert.equal(target, 'https://brew.example/gear/portafilter-baskets');
  assert.ok(suggestions.length > 0 && suggestions.length <= 5, `1 to 5 sources: ${suggestions.length}`);
  for (const s of suggestions) {
    assert.equal(typeof s.source, 'string');
    assert.equal(typeof s.title, 'string');
    assert.ok(typeof s.anchor === 'string' && s.anchor.length > 0, `${s.source}: every source has a phrase`);
    const stored = (await (await fetch(`${server.url}/api/v1/pages?url=${encodeURIComponent(s.source)}`)).json()).text;
    assert.equal(stored.slice(s.start, s.end), s.anchor, `${s.source}: the phrase at its offsets in the source's text`);
    assert.ok(s.sentenceStart <= s.start && s.end <= s.sentenceEnd, `${s.source}: the sentence holds the phrase`);
    assert.equal(stored.slice(s.sentenceStart, s.sentenceEnd).replace(/\s+/g, ' '), s.sentence, `${s.source}: sentence at its offsets`);
    assert.equal(typeof s.score, 'number');
    assert.equal(typeof s.reasons.anchor, 'string');
  }
  assert.ok(suggestions.some((s) => s.source.endsWith('/gear/espresso-tamper')), 'the page about tampers and baskets');
  const scores = suggestions.map((s) => s.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'best first');
});

test('inbound_suggestions_for_an_indexed_page_never_list_the_page_itself_and_an_unknown_page_is_404', async () => {
  const extraction = pageByPath(server.pages, '/guides/espresso-extraction');
  const res = await inbound({ url: extraction.url, limit: 3 });
  assert.equal(res.status, 200);
  const json = await res.json();
  assert.equal(json.target, extraction.url);
  assert.ok(json.suggestions.length <= 3);
  assert.ok(!json.suggestions.some((s) => s.source === extraction.url), 'never the page itself');
  const unknown = await inbound({ url: 'https://brew.example/no-such-page' });
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).error.field, 'url');
});

test('bad_inbound_requests_get_a_4xx_naming_the_field', async () => {
  const cases = [
    [{ limit: 3 }, 'url'],
    [{ text: 'x', limit: 0 }, 'limit'],
    [{ text: 'x', limit: 21 }, 'limit'],
    [{ text: 'x', format: 'docx' }, 'format'],
    [{ text: 'x', minSimilarity: 1.5 }, 'minSimilarity'],
  ];
  for (const [body, field] of cases) {
    const res = await inbound(body);
    assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(body)} → ${res.status}`);
    assert.equal((await res.json()).error.field, field, JSON.stringify(body));
  }
});
