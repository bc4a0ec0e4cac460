/**
 * Every OpenAPI and JSON Schema file of the shared corpus lints without a tool error, and its findings are
 * the same on a second, independent run (fresh parse). Files over 100 KB are linted once, to keep the test fast;
 * the determinism of the engine is still covered by every smaller file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { lintSpecAt } from '../../src/lint/lint-contracts.ts';
import { CORPUS, corpusSeriesTests, type CorpusSeries as Series, type CorpusVersion as Version } from '../helpers/corpus.ts';

const rules = builtinLintRules();

async function lintOnce(series: Series, version: Version): Promise<string[]> {
  const file = join(CORPUS, version.path);
  const root = version.dir ? join(CORPUS, version.dir) : dirname(file);
  return (await lintSpecAt(file, root, rules, series.format)).violations.map((v) => `${v.severity} ${v.rule} ${v.file}:${v.line ?? '?'} ${v.pointer} ${v.message}`);
}

/** Findings of the first run of each file, so a later test reads them instead of linting the file again. */
const firstFindings = new Map<Version, string[]>();

corpusSeriesTests('corpus files lint without a tool error', (manifest) => {
  for (const series of [...manifest.openapi, ...manifest.jsonSchema]) {
    test(`corpus ${series.name}: ${series.versions.length} versions lint without a tool error, stable`, async () => {
      for (const version of series.versions) {
        const first = await lintOnce(series, version);
        firstFindings.set(version, first);
        for (const line of first) assert.ok(/:\d+ /.test(line), `no line: ${line}`);
        if (version.bytes < 100_000) assert.equal(await lintOnce(series, version), first, `${version.path} findings differ between runs`);
      }
    });
  }

  test('known invalid documents are reported, not crashed on', async () => {
    const openai = manifest.openapi.find((s) => s.name === 'openai')!;
    const latest = openai.versions[openai.versions.length - 1];
    const findings = firstFindings.get(latest) ?? (await lintOnce(openai, latest));
    assert.ok(findings.some((f) => f.includes('openapi-schema-valid') && f.includes('exclusiveMinimum must be number')), 'openai: 3.0-style exclusiveMinimum in 3.1');
  });
});

test.run();
