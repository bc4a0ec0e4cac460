import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../src/classify/types.ts';
import { ConfigError, type SpecverError } from '../../src/errors.ts';
import { judge, waiverProblems } from '../../src/gate/verdict.ts';
import { globMatches, parseWaivers, waiverMatches, type Waiver } from '../../src/gate/waivers.ts';
import type { Comparison } from '../../src/pipeline/comparison.ts';
import { githubReport, NOTICE_CAP } from '../../src/report/breaking-github.ts';
import { breakingJson } from '../../src/report/diff-json.ts';
import { renderBreakingJunit } from '../../src/report/breaking-junit.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const FILE = '.specver/waivers.yaml';
const removed: Finding = {
  rule: 'operation-removed',
  category: 'operation',
  severity: 'breaking',
  message: 'operation was removed',
  location: '/paths/~1pets~1{petId}/delete',
  side: 'base',
  method: 'delete',
  path: '/pets/{petId}',
};
const shared: Finding = { ...removed, rule: 'response-property-removed', message: "property 'tag' was removed", location: '/components/schemas/Pet/properties/tag', method: undefined, path: undefined, usedBy: ['GET /pets', 'GET /pets/{petId}'] };
const added = (n: number): Finding => ({ rule: 'response-property-added', category: 'response', severity: 'non-breaking', message: `property 'p${n}' was added`, location: `/components/schemas/Pet/properties/p${n}`, side: 'revision', file: 'api/petstore.yaml', line: n + 1 });

function comparison(findings: Finding[], name = 'petstore'): Comparison {
  const breaking = findings.filter((f) => f.severity === 'breaking').length;
  return {
    contract: { name, format: 'openapi', path: 'api/petstore.yaml' },
    base: { label: `${name}@1.0.0`, version: '1.0.0', file: `.specver/snapshots/${name}@1.0.0.yaml` },
    hasBase: true,
    findings,
    summary: { total: findings.length, breaking, nonBreaking: findings.length - breaking, patch: 0, bump: breaking ? 'major' : 'minor' },
  };
}

const waiver = (fields: Partial<Waiver>): Waiver => ({ rule: '*', contract: 'petstore', location: '*', reason: 'accepted', line: 2, ...fields });

function parseError(text: string): SpecverError {
  try {
    parseWaivers(text, FILE);
  } catch (error) {
    assert.instance(error, ConfigError);
    return error as SpecverError;
  }
  throw new Error('expected an error');
}

test('waiver file: entries with their lines; an empty file has none; problems are one ConfigError at file:line', () => {
  const text = 'waivers:\n  - rule: operation-removed\n    contract: petstore\n    location: DELETE /pets/*\n    reason: clients moved to v2\n    expires: 2026-12-31\n';
  assert.equal(parseWaivers(text, FILE), [{ rule: 'operation-removed', contract: 'petstore', location: 'DELETE /pets/*', reason: 'clients moved to v2', expires: '2026-12-31', line: 2 }]);
  assert.equal(parseWaivers('', FILE), []);
  const missing = parseError('waivers:\n  - rule: x\n    contract: y\n    location: "*"\n');
  assert.is(missing.file, FILE);
  assert.is(missing.line, 2);
  assert.match(missing.message, /waivers\[0\]: missing required field 'reason'/);
  const unknown = parseError('waivers:\n  - rule: x\n    contract: y\n    location: "*"\n    reason: r\n    until: 2026-01-01\n');
  assert.is(unknown.line, 6);
  assert.match(unknown.message, /unknown field 'until'/);
  assert.is(parseError('waivers:\n  - rule: x\n    contract: y\n    location: "*"\n    reason: r\n    expires: next week\n').line, 6);
  assert.is(parseError('waivers: [\n').exitCode, 2);
});

test('matching: globs on rule, contract and location; METHOD /path also matches the operations a shared change affects', () => {
  assert.ok(globMatches('DELETE /pets/*', 'DELETE /pets/{petId}'));
  assert.not.ok(globMatches('/pets', '/pets/{id}'));
  assert.ok(globMatches('a.b?', 'a.bc'));
  assert.not.ok(globMatches('a.b', 'axb'), 'dots are literal');
  assert.ok(waiverMatches(waiver({ location: 'delete /pets/{petId}' }), 'petstore', removed), 'methods ignore case');
  assert.ok(waiverMatches(waiver({ location: '/paths/~1pets*' }), 'petstore', removed));
  assert.not.ok(waiverMatches(waiver({ location: 'GET /pets/{petId}' }), 'petstore', removed));
  assert.ok(waiverMatches(waiver({ location: 'GET /pets' }), 'petstore', shared));
  assert.not.ok(waiverMatches(waiver({ rule: 'operation-*' }), 'petstore', shared));
  assert.not.ok(waiverMatches(waiver({}), 'users', removed));
});

test('verdict: waived and acknowledged changes; the gate fails on open ones, on acknowledged ones unless allowed, on expired waivers', () => {
  const comparisons = [comparison([removed, added(1)]), comparison([{ ...removed }], 'users')];
  assert.ok(judge(comparisons).failed, 'plain: any breaking change fails');
  const acks = { petstore: ['.specver/changesets/a.md'], users: ['.specver/changesets/a.md'] };
  const acked = judge(comparisons, { acknowledgements: acks });
  assert.equal(acked.counts, { breaking: 2, open: 0, acknowledged: 2, waived: 0, unreadable: 0 });
  assert.ok(acked.failed, 'acknowledged fails by default');
  assert.not.ok(judge(comparisons, { acknowledgements: acks, allowAcknowledged: true }).failed);
  assert.ok(judge(comparisons, { acknowledgements: { petstore: acks.petstore }, allowAcknowledged: true }).failed, 'users is still open');

  const waivers = { file: FILE, waivers: [waiver({ contract: '*', rule: 'operation-removed', expires: '2026-05-06' })] };
  const waived = judge(comparisons, { waivers, today: '2026-05-06' });
  assert.not.ok(waived.failed, 'valid through its expiry day');
  assert.is(waived.counts.waived, 2);
  const expired = judge(comparisons, { waivers, today: '2026-05-07' });
  assert.ok(expired.failed);
  assert.is(expired.counts.open, 2);
  assert.match(waiverProblems(expired).errors[0]!, /^\.specver\/waivers\.yaml:2: waiver for operation-removed on \* at \* expired on 2026-05-06/);
});

test('verdict: a waiver matching nothing is a warning only for the contracts compared', () => {
  const waivers = { file: FILE, waivers: [waiver({ rule: 'nothing-like-this' }), waiver({ contract: 'users', line: 7 })] };
  const verdict = judge([comparison([added(1)])], { waivers, today: '2026-01-01' });
  assert.not.ok(verdict.failed);
  assert.equal(verdict.unmatched.map((w) => w.line), [2]);
  assert.match(waiverProblems(verdict).warnings[0]!, /matches no change/);
});

test('breaking JSON carries the gate fields and validates against the schema', () => {
  const comparisons = [comparison([removed, shared, added(1)])];
  const waivers = { file: FILE, waivers: [waiver({ rule: 'response-property-removed' }), waiver({ rule: 'x', line: 9, expires: '2020-01-01' })] };
  const doc = breakingJson(comparisons, judge(comparisons, { waivers, today: '2026-01-01', acknowledgements: { petstore: ['.specver/changesets/a.md'] }, allowAcknowledged: true }));
  assertValidOutput('breaking.schema.json', doc);
  assert.is(doc.breaking, true, 'the expired waiver fails the gate');
  assert.is(doc.breakingCount, 2);
  assert.equal(doc.contracts[0]!.changes.map((c) => (c as { gate?: { status: string } }).gate?.status ?? null), ['acknowledged', 'waived', null]);
  assert.equal(doc.gate.waivers.expired.map((w) => w.line), [9]);
});

test('github: every breaking change annotated; notices capped, the rest in the summary', () => {
  const many = Array.from({ length: NOTICE_CAP + 3 }, (_, i) => added(i));
  const report = githubReport([comparison([removed, ...many])]);
  const lines = report.annotations.split('\n');
  assert.is(lines.filter((l) => l.startsWith('::error ')).length, 1);
  assert.is(lines.filter((l) => l.startsWith('::notice ')).length, NOTICE_CAP);
  assert.is(report.overflow, 3);
  assert.match(report.annotations, /3 more non-breaking changes not annotated/);
  assert.is(report.summary.split('\n').filter((l) => l.startsWith('| petstore |')).length, 3);
  const acked = githubReport([comparison([removed])], judge([comparison([removed])], { acknowledgements: { petstore: ['x.md'] }, allowAcknowledged: true }));
  assert.match(acked.annotations, /^::warning file=api\/petstore.yaml,title=specver BREAKING%3A operation-removed::DELETE \/pets\/\{petId\}: operation was removed \(acknowledged by x.md\)$/m);
  assert.is(acked.summary, '');
});

test('junit: allowed acknowledged changes pass, expired waivers fail', () => {
  const comparisons = [comparison([removed])];
  const waivers = { file: FILE, waivers: [waiver({ rule: 'x', expires: '2020-01-01' })] };
  const xml = renderBreakingJunit(comparisons, judge(comparisons, { acknowledgements: { petstore: ['x.md'] }, allowAcknowledged: true, waivers, today: '2026-01-01' }));
  assert.match(xml, /tests="2" failures="1"/);
  assert.match(xml, /type="waiver-expired"/);
});

test.run();
