/**
 * The plain-shape patterns of uri-formats.ts answer first, so they must accept nothing ajv-formats' full patterns
 * reject: checked on strings built from URI pieces and on random strings of the characters that matter, with
 * fixed seeds. The shapes specs use most must take the quick path at all.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { PLAIN_URI_PATTERN, PLAIN_URI_REFERENCE_PATTERN, quickUri, quickUriReference } from '../../src/toolkit/uri-formats.ts';

const require = createRequire(import.meta.url);
const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: { uri: (value: string) => boolean; 'uri-reference': RegExp } };
const fullUri = fullFormats.uri;
const fullReference = fullFormats['uri-reference'];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['http', 'https', 'file', 'urn', 'x-y', '1a', ':', '://', '//', '/', '?', '#', '@', '[', ']', '::1', '%', '%2F', '%G1', 'a',
  'Z', '0', '9', '.', '..', '-', '_', '~', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', '"', ' ', '\\', 'é', '{id}', ':8080',
  'example.com', 'localhost', 'user:pw@', '127.0.0.1', '\n'];

function pieced(next: () => number): string {
  let text = '';
  const count = 1 + Math.floor(next() * 8);
  for (let i = 0; i < count; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  // Half of them start as a URL does, so the plain URI pattern is tried on many near-misses.
  return next() < 0.5 ? `${['https://', 'http://example.com', 'x+y.z://h'][Math.floor(next() * 3)]}${text}` : text;
}

test('what the plain patterns accept, the full ones accept (40,000 generated strings per pattern)', () => {
  for (const seed of [1, 2, 3, 4]) {
    const next = random(seed);
    for (let i = 0; i < 10_000; i++) {
      const text = pieced(next);
      if (PLAIN_URI_PATTERN.test(text)) assert.ok(fullUri(text), `uri: ${JSON.stringify(text)}`);
      if (PLAIN_URI_REFERENCE_PATTERN.test(text)) assert.ok(fullReference.test(text), `uri-reference: ${JSON.stringify(text)}`);
      assert.is(quickUri(fullUri)(text), fullUri(text), `uri verdict: ${JSON.stringify(text)}`);
      assert.is(quickUriReference(fullReference).test(text), fullReference.test(text), `uri-reference verdict: ${JSON.stringify(text)}`);
    }
  }
});

test('the shapes specs use most take the quick path; others go to the full pattern', () => {
  for (const url of ['https://example.com', 'https://api.example.com/v1/pets?limit=10#top', 'http://localhost:8080/', 'urn://x', 'https://spec.openapis.org/oas/3.1/dialect/base']) {
    assert.ok(PLAIN_URI_PATTERN.test(url), url);
  }
  for (const ref of ['#/components/schemas/Pet', './pets.yaml', '../shared/error.yaml#/Error', 'pets.yaml', '/absolute/path', '', 'https://example.com/s.json#/a']) {
    assert.ok(PLAIN_URI_REFERENCE_PATTERN.test(ref), ref);
  }
  // Not plain: percent-escapes, user info, IP literals; their verdicts are the full patterns'.
  for (const url of ['https://example.com/a%20b', 'https://user@example.com/', 'http://[::1]/', 'mailto:someone@example.com']) {
    assert.not.ok(PLAIN_URI_PATTERN.test(url), url);
    assert.ok(quickUri(fullUri)(url), url);
  }
  assert.not.ok(quickUri(fullUri)('not a uri'));
  assert.not.ok(quickUriReference(fullReference).test('has space'));
});

test.run();
