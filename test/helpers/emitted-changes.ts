/**
 * Every raw change the differ emits on the built-in rule cases (fixtures/rules/) and on the shared corpus:
 * the evidence that docs/change-kinds.md (generated from schemas/change-kinds.json) describes the real records.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { caseDocuments, type RuleCase } from '../../src/classify/rule-tester.ts';
import { inlineJsonSchema, inlineSpec } from '../../src/classify/inline-spec.ts';
import { diffSpecs } from '../../src/classify/classify.ts';
import { loadSpec } from '../../src/spec/load.ts';
import type { RawChange } from '../../src/diff/types.ts';
import type { LoadedSpec } from '../../src/spec/types.ts';
import { CORPUS, FIXTURES } from './temp-project.ts';

const today = new Date('2026-01-01T00:00:00Z');

function caseChanges(format: 'openapi' | 'json-schema', c: RuleCase): RawChange[] {
  const specs: [LoadedSpec, LoadedSpec] = format === 'json-schema'
    ? [inlineJsonSchema(c.schema?.base ?? c.base ?? {}), inlineJsonSchema(c.schema?.revision ?? c.revision ?? {})]
    : (caseDocuments(c).map((doc) => inlineSpec(doc)) as [LoadedSpec, LoadedSpec]);
  return diffSpecs(specs[0], specs[1], { today, compatibility: c.compatibility ?? 'backward' }).changes;
}

/** Changes of every case of every rule case file, both formats. */
export function fixtureChanges(): RawChange[] {
  const changes: RawChange[] = [];
  for (const format of ['openapi', 'json-schema'] as const) {
    const dir = join(FIXTURES, 'rules', format);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
      const data = parse(readFileSync(join(dir, name), 'utf8'));
      for (const c of [...(data.fires ?? []), ...(data.quiet ?? [])] as RuleCase[]) changes.push(...caseChanges(format, c));
    }
  }
  return changes;
}

/** Changes between consecutive versions of every OpenAPI series of the shared corpus (none when absent). */
export async function corpusChanges(): Promise<RawChange[]> {
  const manifestPath = join(CORPUS, 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const changes: RawChange[] = [];
  for (const series of manifest.openapi as { versions: { path: string }[] }[]) {
    const specs: LoadedSpec[] = [];
    for (const version of series.versions) specs.push(await loadSpec(join(CORPUS, version.path), { projectRoot: CORPUS }));
    for (let i = 1; i < specs.length; i++) changes.push(...diffSpecs(specs[i - 1]!, specs[i]!, { today }).changes);
  }
  return changes;
}
