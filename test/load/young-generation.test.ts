/**
 * The bin keeps V8's young generation at its start size while specs are read (src/load/young-generation.ts):
 * the flag is set on the first spec text, once; a text of LARGE_TEXT characters or more lets it grow again;
 * nothing happens unless the bin turned the policy on, and only known V8 versions are given the flag.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LARGE_TEXT, beforeParsing, keepYoungGenerationSmall, knownV8, stopYoungGenerationPolicy } from '../../src/load/young-generation.ts';
import { parseSource } from '../../src/load/parse-source.ts';

function recorded(): string[] {
  const flags: string[] = [];
  keepYoungGenerationSmall((flag) => flags.push(flag));
  return flags;
}

test('off unless turned on, and off again once stopped: parsing sets no flag', () => {
  const flags = recorded();
  stopYoungGenerationPolicy();
  beforeParsing(100);
  beforeParsing(LARGE_TEXT);
  parseSource('{"openapi": "3.0.3"}', 'api.json');
  assert.equal(flags, []);
});

test('the first spec text keeps it small, once; a large text later lets it grow, once', () => {
  const flags = recorded();
  beforeParsing(4_000_000);
  beforeParsing(1_000);
  assert.equal(flags, ['--semi-space-growth-factor=1']);
  beforeParsing(LARGE_TEXT);
  beforeParsing(LARGE_TEXT * 2);
  assert.equal(flags, ['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
  stopYoungGenerationPolicy();
});

test('a large first text never makes it small', () => {
  const flags = recorded();
  beforeParsing(LARGE_TEXT);
  beforeParsing(10);
  assert.equal(flags, []);
  stopYoungGenerationPolicy();
});

test('parseSource reports each text before parsing it', () => {
  const flags = recorded();
  parseSource('{"openapi": "3.0.3"}', 'api.json');
  assert.equal(flags, ['--semi-space-growth-factor=1']);
  stopYoungGenerationPolicy();
});

test('only the V8 versions of Node 20 to 24 are given the flag', () => {
  assert.ok(knownV8('11.3.244.8-node.38'));
  assert.ok(knownV8('12.4.254.21-node.33'));
  assert.ok(knownV8('13.6.233.10-node.27'));
  assert.not.ok(knownV8('10.2.154.26-node.36'));
  assert.not.ok(knownV8('14.0.1'));
});

test.run();
