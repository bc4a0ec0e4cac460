/**
 * Every YAML file of the shared corpus (`npm run test:corpus`) takes the YAML fast path and reads exactly as
 * js-yaml reads it: the fast path's exactness on the real specs it exists for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { load as loadYaml } from 'js-yaml';
import { NOT_HANDLED, parseCommonYaml } from '../../src/load/yaml-fast-path.ts';
import { MAX_NESTING } from '../../src/load/input-limits.ts';
import { SPEC_SCHEMA } from '../../src/load/yaml-schema.ts';
import { CORPUS, corpusTest } from '../helpers/corpus.ts';

corpusTest('every YAML file of the corpus takes the fast path and reads as js-yaml reads it', () => {
  const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name)).sort();
  assert.ok(files.length > 1000, `${files.length} YAML files in the corpus`);
  const problems: string[] = [];
  for (const name of files) {
    const raw = readFileSync(join(CORPUS, name), 'utf8');
    const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    const fast = parseCommonYaml(text);
    if (fast === NOT_HANDLED) {
      problems.push(`${name}: left to js-yaml`);
      continue;
    }
    const expected = loadYaml(text, { schema: SPEC_SCHEMA, maxDepth: MAX_NESTING } as Parameters<typeof loadYaml>[1]);
    if (!isDeepStrictEqual(fast, expected)) problems.push(`${name}: read differently from js-yaml`);
  }
  assert.equal(problems, []);
});

test.run();
