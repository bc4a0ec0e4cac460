/** The benchmark's OpenAPI 3.2 group: its pairs come from the fixture series in order, and its table renders. No timing. */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openapi32Pairs } from '../../bench/lib/fixture-pairs.mjs';
import { renderMarkdown } from '../../bench/lib/report.mjs';
import { tempDir } from '../helpers/temp-dir.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const REPO = join(FIXTURES, '..');

test('consecutive pairs of fixtures/openapi-3.2, v1 -> v2 -> v3, with the sizes of their files', () => {
  const pairs = openapi32Pairs(REPO);
  assert.equal(pairs.map((p) => p.labels), [['v1', 'v2'], ['v2', 'v3']]);
  const series = join(FIXTURES, 'openapi-3.2');
  assert.equal(pairs.map((p) => [p.base, p.revision]), [[join(series, 'v1.yaml'), join(series, 'v2.yaml')], [join(series, 'v2.yaml'), join(series, 'v3.yaml')]]);
  assert.equal(pairs[0].bytes, [statSync(join(series, 'v1.yaml')).size, statSync(join(series, 'v2.yaml')).size]);
  assert.ok(pairs.every((p) => p.format === 'openapi' && p.encoding === 'yaml' && p.specVersion === '3.2' && !p.multiFile));
});

test('versions are ordered by number (v10 after v9), other files are left out, fewer than two is an error', () => {
  const repo = tempDir('specver-bench-32-');
  const dir = join(repo, 'fixtures', 'openapi-3.2');
  mkdirSync(dir, { recursive: true });
  for (const name of ['v9.yaml', 'v10.yaml', 'notes.yaml']) copyFileSync(join(FIXTURES, 'openapi-3.2', 'v1.yaml'), join(dir, name));
  assert.equal(openapi32Pairs(repo).map((p) => p.labels), [['v9', 'v10']]);
  const lone = tempDir('specver-bench-32-');
  mkdirSync(join(lone, 'fixtures', 'openapi-3.2'), { recursive: true });
  copyFileSync(join(FIXTURES, 'openapi-3.2', 'v1.yaml'), join(lone, 'fixtures', 'openapi-3.2', 'v1.yaml'));
  assert.throws(() => openapi32Pairs(lone), /fewer than two versions/);
});

test('RESULTS.md gets an OpenAPI 3.2 table with each command and its ratio to the floor', () => {
  const ok = (ms: number) => ({ status: 'ok', wallMs: { median: ms, min: ms, max: ms }, rssKb: null });
  const markdown = renderMarkdown({
    generatedAt: '2026-01-01T00:00:00Z', command: 'npm run bench -- --only openapi-3.2', runs: 1, timeoutS: 120, rssMethod: 'none',
    machine: { cpuModel: 'cpu', cores: 2, totalMemGiB: 1, os: 'os', node: 'v20', loadStart: [0, 0, 0], loadEnd: [0, 0, 0] },
    build: { status: 'up to date', message: '' }, targets: [],
    openapi32: [{
      pair: 'openapi-3.2 v1 -> v2', bytes: [5120, 8192],
      commands: { 'floor-js-yaml': ok(500), 'specver-diff': ok(1000), 'specver-breaking': ok(1250), 'specver-lint': ok(750) },
      ratios: { floorParser: 'js-yaml', floorMs: 500, diffVsFloor: 2, breakingVsFloor: 2.5, lintVsFloor: 1.5 },
    }],
  });
  assert.match(markdown, '## OpenAPI 3.2 fixture series');
  assert.match(markdown, '| openapi-3.2 v1 -> v2 | 5.0 KiB + 8.0 KiB | 0.500 (0.500–0.500) | 1.000 (1.000–1.000) | 2.00x | 1.250 (1.250–1.250) | 2.50x | 0.750 (0.750–0.750) | 1.50x |');
});

test.run();
