/** classifySpecs end to end on small documents: rules, overrides, team rules, sunset, sorting, summary. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyChanges, classifySpecs, loadRuleCatalogue, rulesOfFormat, toFinding } from '../../src/classify/classify.ts';
import type { RawChange } from '../../src/diff/types.ts';
import { summarize } from '../../src/classify/summary.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import { ConfigError, ToolError } from '../../src/errors.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { loadSpec } from '../../src/load/load.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const SPECS = join(FIXTURES, 'specs');

const today = new Date('2026-01-01T00:00:00Z');
const op = (extra: object = {}) => ({ responses: { 200: { description: 'ok' } }, ...extra });
const doc = (paths: object) => inlineSpec({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths });

const base = doc({ '/a': { get: op({ summary: 'one' }) }, '/b': { get: op({ deprecated: true, 'x-sunset': '2025-06-01' }) }, '/c': { get: op() } });
const revision = doc({ '/a': { get: op({ summary: 'two' }) }, '/d': { get: op() } });

test('each change gets one rule; findings are sorted and located', async () => {
  const findings = await classifySpecs(base, revision, { today });
  assert.equal(findings.map((f) => [f.rule, f.severity, f.path, f.location, f.side]), [
    ['operation-summary-changed', 'patch', '/a', '/paths/~1a/get/summary', 'revision'],
    ['operation-removed-after-sunset', 'non-breaking', '/b', '/paths/~1b/get', 'base'],
    ['operation-removed', 'breaking', '/c', '/paths/~1c/get', 'base'],
    ['operation-added', 'non-breaking', '/d', '/paths/~1d/get', 'revision'],
  ]);
  assert.is(findings[2].message, 'GET /c was removed');
  assert.equal(summarize(findings), { total: 4, breaking: 1, nonBreaking: 2, patch: 1, bump: 'major' });
  assert.equal(summarize([]), { total: 0, breaking: 0, nonBreaking: 0, patch: 0, bump: null });
});

test('lines: false leaves out only the line of each finding (the lookups a report without lines does not need)', async () => {
  const loadOptions = { projectRoot: SPECS };
  const [before, after] = await Promise.all([loadSpec('openapi-3.0.yaml', loadOptions), loadSpec('openapi-3.1.yaml', loadOptions)]);
  const withLines = await classifySpecs(before, after, { today });
  const withoutLines = await classifySpecs(before, after, { today, lines: false });
  assert.ok(withLines.length > 0 && withLines.every((f) => typeof f.line === 'number'), 'every finding has a line by default');
  assert.equal(withoutLines, withLines.map(({ line: _line, ...rest }) => rest));
});

test('today decides x-sunset', async () => {
  const early = await classifySpecs(base, revision, { today: new Date('2025-01-01T00:00:00Z') });
  assert.ok(early.some((f) => f.rule === 'operation-removed-before-sunset' && f.path === '/b'));
});

test('severity overrides and off; unknown ids and severities are ConfigErrors', async () => {
  const findings = await classifySpecs(base, revision, { today, severityOverrides: { 'operation-removed': 'non-breaking', 'operation-summary-changed': 'off' } });
  assert.equal(findings.map((f) => `${f.rule}:${f.severity}`), ['operation-removed-after-sunset:non-breaking', 'operation-removed:non-breaking', 'operation-added:non-breaking']);
  try {
    await classifySpecs(base, revision, { today, severityOverrides: { 'no-such-rule': 'off' } });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, 'no-such-rule');
  }
  await classifySpecs(base, revision, { today, severityOverrides: { 'operation-removed': 'fatal' } }).then(() => assert.unreachable(), (e) => assert.instance(e, ConfigError));
});

test('a team rule file overrides a built-in by priority; an invalid one is a ToolError naming it', async () => {
  const dir = tempDir('specver-rules-');
  const file = join(dir, 'acme.json');
  writeFileSync(file, JSON.stringify({
    id: 'acme/internal-operation-removed', category: 'operation', summary: 'Internal operations may be removed.',
    docs: 'Only our own services call /c, and they deploy together.', severity: 'patch', message: '{{operation}} removed (internal)',
    on: { kind: 'operation', action: 'removed' }, priority: 20,
    conditions: { all: [{ fact: 'change', path: '$.context.path', operator: 'equal', value: '/c' }] },
  }));
  const findings = await classifySpecs(base, revision, { today, ruleFiles: [file] });
  const c = findings.find((f) => f.path === '/c')!;
  assert.is(c.rule, 'acme/internal-operation-removed');
  assert.is(c.message, 'GET /c removed (internal)');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ id: 'acme/x', severty: 'patch' }));
  await classifySpecs(base, revision, { today, ruleFiles: [bad] }).then(() => assert.unreachable(), (e) => {
    assert.instance(e, ToolError);
    assert.match((e as Error).message, bad);
  });
});

test('a change no rule matches is unclassified and breaking', async () => {
  // OpenAPI rules only match request/response sides: a standalone change meets none of them.
  const change: RawChange = { kind: 'schema-max-length', action: 'decreased', effect: 'narrowed', revisionPointer: '/maxLength', context: { direction: 'standalone' } };
  const [classified] = await classifyChanges([change], rulesOfFormat(await loadRuleCatalogue(), 'openapi'));
  assert.is(classified.rule, undefined);
  const finding = toFinding(change, undefined, undefined, base, revision, undefined);
  assert.equal([finding.rule, finding.severity, finding.location, finding.side], ['unclassified', 'breaking', '/maxLength', 'revision']);
});

test('the catalogue lists every rule sorted by id', async () => {
  const rules = await loadRuleCatalogue();
  assert.ok(rules.length >= 200);
  assert.equal(rules.map((r) => r.id), [...rules.map((r) => r.id)].sort((a, b) => a.localeCompare(b)));
});

test.run();
