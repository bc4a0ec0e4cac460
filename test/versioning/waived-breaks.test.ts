/** waiveBreakingChanges: which breaking changes a waiver accepts at release, and the bump the rest require. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../src/classify/types.ts';
import type { Waiver } from '../../src/gate/waivers.ts';
import { acceptedBreakLine, suggestedBump, waiveBreakingChanges } from '../../src/versioning/waived-breaks.ts';

const finding = (rule: string, severity: Finding['severity'], method: string, path: string): Finding => ({
  rule,
  category: 'operation',
  severity,
  message: `${method} ${path} changed`,
  location: `/paths/${path.replace(/\//g, '~1')}/${method}`,
  side: 'base',
  method,
  path,
});
const waiver = (over: Partial<Waiver> = {}): Waiver => ({ rule: 'operation-removed', contract: 'api', location: 'GET /pets/*', reason: 'unused', line: 2, ...over });

const removed = finding('operation-removed', 'breaking', 'get', '/pets/{id}');
const added = finding('operation-added', 'non-breaking', 'post', '/pets');

test('a covered break is left out: the rest decide the bump, the first remaining change is the example', () => {
  const result = waiveBreakingChanges('api', [removed, added], [waiver()], '2026-05-06');
  assert.is(result.bump, 'minor');
  assert.is(result.example, added);
  assert.equal(result.waived, [{ finding: removed, waiver: waiver() }]);
});

test('only breaking changes are waived; nothing left means no bump', () => {
  assert.is(waiveBreakingChanges('api', [removed], [waiver()], '2026-05-06').bump, null);
  const nonBreaking = finding('operation-removed', 'non-breaking', 'get', '/pets/{id}');
  assert.equal(waiveBreakingChanges('api', [nonBreaking], [waiver()], '2026-05-06').waived, []);
});

test('an expired waiver, another contract or another location waives nothing', () => {
  for (const w of [waiver({ expires: '2026-05-05' }), waiver({ contract: 'other' }), waiver({ location: 'GET /users/*' })]) {
    const result = waiveBreakingChanges('api', [removed, added], [w], '2026-05-06');
    assert.is(result.bump, 'major');
    assert.equal(result.waived, []);
  }
  assert.is(waiveBreakingChanges('api', [removed], [waiver({ expires: '2026-05-06' })], '2026-05-06').waived.length, 1, 'the last day still counts');
});

test('the changelog line names the reason and the change', () => {
  const line = acceptedBreakLine({ contract: 'api', rule: 'operation-removed', location: '/x', message: 'GET /pets/{id} was removed', reason: 'unused', waiver: { file: 'w.yaml', line: 2 } });
  assert.is(line, 'Accepted breaking change (waived: unused): GET /pets/{id} was removed');
});

test('the suggested bump: unchanged without a waived break, else what remains and at least minor', () => {
  const patchChange = finding('description-changed', 'patch', 'get', '/pets');
  const other = finding('operation-removed', 'breaking', 'get', '/users');
  const suggest = (findings: Finding[]) => suggestedBump('major', waiveBreakingChanges('api', findings, [waiver()], '2026-05-06'));
  assert.is(suggest([removed]), 'minor', 'an accepted break alone is not a patch');
  assert.is(suggest([removed, patchChange]), 'minor');
  assert.is(suggest([removed, added]), 'minor');
  assert.is(suggest([removed, other]), 'major', 'a break no waiver covers keeps major');
  assert.is(suggest([other]), 'major');
  assert.is(suggestedBump('patch', waiveBreakingChanges('api', [patchChange], [waiver()], '2026-05-06')), 'patch', 'nothing waived: the detected bump');
});

test.run();
