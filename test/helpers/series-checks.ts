/**
 * The checks run on every series of a collection of real specs (the vendored fixtures/real-specs in the default
 * suite, the shared corpus in `npm run test:corpus`): each file is loaded once and each consecutive pair diffed
 * once, and every check joins that pass instead of parsing again.
 */
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSpec } from '../../src/load/load.ts';
import { detectKind, dialectOf } from '../../src/load/detect.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import { classifyDiff, classifySpecs, diffSpecs } from '../../src/classify/classify.ts';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { lintSpecAt } from '../../src/lint/lint-contracts.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import { REPEATED_BELOW_BYTES, type CorpusSeries, type CorpusVersion } from './corpus.ts';
import { departures } from './emitted-changes.ts';

const today = new Date('2026-01-01T00:00:00Z');
const MODES = ['backward', 'forward', 'full', 'none'] as const;

/**
 * An OpenAPI series: every file is detected as the manifest says, consecutive pairs classify without error and
 * deterministically (compared twice when small: REPEATED_BELOW_BYTES), every raw change matches its documented
 * record (docs/change-kinds.md), and the newest document compared with itself has no changes.
 */
export async function checkOpenApiSeries(root: string, series: CorpusSeries): Promise<void> {
  const specs: LoadedSpec[] = [];
  for (const version of series.versions) {
    const spec = await loadSpec(join(root, version.path), { projectRoot: root });
    const kind = spec.kind;
    assert.ok(kind.format === 'openapi', version.path);
    assert.is(kind.format === 'openapi' && kind.declared, version.specVersion, version.path);
    assert.is(kind.format === 'openapi' && kind.version, version.specVersion === '2.0' ? '2.0' : version.specVersion!.slice(0, 3), version.path);
    specs.push(spec);
  }
  for (let i = 1; i < specs.length; i++) {
    // One diff serves both checks: its findings, and its raw changes against their documented records.
    const diff = diffSpecs(specs[i - 1], specs[i], { today });
    const first = await classifyDiff(diff, specs[i - 1], specs[i], { today, relativeTo: root });
    if (series.versions[i].bytes < REPEATED_BELOW_BYTES) {
      assert.equal(await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: root }), first, `${series.versions[i].label}: not deterministic`);
    }
    const unclassified = first.filter((f) => f.rule === 'unclassified');
    assert.equal(unclassified.map((f) => f.message), [], `${series.versions[i].label}: unclassified changes`);
    const undocumented = new Set(diff.changes.flatMap(departures));
    assert.equal([...undocumented], [], `${series.versions[i].label}: changes outside docs/change-kinds.md`);
  }
  // The newest version only: the older versions' self-diffs reached no code (V8 block coverage) that the pairs
  // and this one do not.
  assert.equal(await classifySpecs(specs.at(-1)!, specs.at(-1)!, { today }), [], `${series.versions.at(-1)!.label}: diff(a, a) is not empty`);
}

/**
 * A JSON Schema series: each file is detected as the manifest says; consecutive versions classify without
 * error, deterministically and with no unclassified change, in every compatibility mode; the newest schema
 * compared with itself has no changes.
 */
export async function checkJsonSchemaSeries(root: string, series: CorpusSeries): Promise<void> {
  const specs: LoadedSpec[] = [];
  for (const version of series.versions) {
    assertDetectedAsManifest(root, version);
    specs.push(await loadSpec(join(root, version.path), { projectRoot: root, expectedFormat: 'json-schema' }));
  }
  for (let i = 1; i < specs.length; i++) {
    const label = `${series.versions[i - 1].label} -> ${series.versions[i].label}`;
    const first = await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: root, compatibility: 'backward' });
    if (series.versions[i].bytes < REPEATED_BELOW_BYTES) {
      assert.equal(await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: root, compatibility: 'backward' }), first, `${label}: not deterministic`);
    }
    for (const mode of MODES) {
      const findings = mode === 'backward' ? first : await classifySpecs(specs[i - 1], specs[i], { today, compatibility: mode });
      const unclassified = findings.filter((f) => f.rule === 'unclassified');
      assert.equal(unclassified.map((f) => `${f.location}: ${f.message}`), [], `${label} (${mode}): unclassified changes`);
      assert.is(findings.length, first.length, `${label} (${mode}): the mode changed which changes were found`);
      if (mode === 'none') assert.equal(findings.filter((f) => f.severity === 'breaking'), [], `${label}: breaking under none`);
    }
  }
  assert.equal(await classifySpecs(specs.at(-1)!, specs.at(-1)!, { today }), [], `${series.versions.at(-1)!.label}: diff(a, a) is not empty`);
}

/** A JSON Schema file is detected from its content alone (no expected format) as its manifest entry says. */
function assertDetectedAsManifest(root: string, version: CorpusVersion): void {
  const path = join(root, version.path);
  const kind = detectKind(parseSource(readFileSync(path, 'utf8'), path).data, path);
  if (version.dialect === null || version.dialect === undefined) {
    assert.is(kind, undefined, `${version.path}: no $schema and no .schema.json name`);
  } else {
    assert.ok(kind?.format === 'json-schema', version.path);
    assert.is(kind.format === 'json-schema' && kind.declared, version.dialect, version.path);
    assert.is(kind.format === 'json-schema' && kind.dialect, dialectOf(version.dialect), version.path);
    assert.ok(dialectOf(version.dialect), version.path);
  }
}

const rules = builtinLintRules();

/**
 * Older versions (over 100 KB) whose lint runs no code of src/ that linting the rest of the corpus does not:
 * measured with V8 block coverage, each one's run reached no block the newest version of every series, the
 * smaller files and the older versions still linted had not. Linting them (about 12 MB) only repeated that
 * work. A version the corpus adds is linted until it has been measured the same way. Paths are the same in
 * fixtures/real-specs, whose lint test leaves out these versions too, unless one is the newest version there.
 */
export const LINTED_BY_OTHERS = new Set([
  'openapi/stripe/2023-09-07.yaml',
  'openapi/openai/2026-07-23.json',
  'openapi/box/2026-05-21.json',
  'openapi/twilio-api-v2010/2026-02-18.yaml',
  'openapi/twilio-messaging-v1/2026-02-18.json',
  'openapi/slack-web/2019-07-16.json',
  'openapi/discord/2026-06-15.json',
  'openapi/adyen-management-v3/2026-05-01.json',
  'openapi/adyen-checkout/v70.json',
  'openapi/argo-workflows/v4.0.0.json',
  'openapi/netlify/v2.53.0.yaml',
  'openapi/netlify/v2.54.0.yaml',
  'openapi/beacon-apis/v2.5.0/beacon-node-oapi.yaml',
  'openapi/beacon-apis/v3.0.0/beacon-node-oapi.yaml',
  'openapi/digitalocean/2020-09-11-b927dada/DigitalOcean-public.v2.yaml',
  'openapi/digitalocean/2020-09-11-486d9d77/DigitalOcean-public.v2.yaml',
  'json-schema/schemastore-vector/2025-02-17.json',
  'json-schema/asyncapi/3.0.0.json',
  'json-schema/argo-workflows-jsonschema/v4.0.0.json',
]);

/** One lint run of a version, fresh parse: its findings as lines. */
export async function lintFindings(root: string, series: CorpusSeries, version: CorpusVersion): Promise<string[]> {
  const file = join(root, version.path);
  const base = version.dir ? join(root, version.dir) : dirname(file);
  return (await lintSpecAt(file, base, rules, series.format)).violations.map((v) => `${v.severity} ${v.rule} ${v.file}:${v.line ?? '?'} ${v.pointer} ${v.message}`);
}

/**
 * Versions lint without a tool error, every finding with a line, and (when small: REPEATED_BELOW_BYTES) the same
 * findings on a second run. Returns each version's findings, so later checks read them instead of linting again.
 */
export async function checkLint(root: string, series: CorpusSeries, versions: CorpusVersion[]): Promise<Map<CorpusVersion, string[]>> {
  const found = new Map<CorpusVersion, string[]>();
  for (const version of versions) {
    const first = await lintFindings(root, series, version);
    found.set(version, first);
    for (const line of first) assert.ok(/:\d+ /.test(line), `no line: ${line}`);
    if (version.bytes < REPEATED_BELOW_BYTES) assert.equal(await lintFindings(root, series, version), first, `${version.path} findings differ between runs`);
  }
  return found;
}
