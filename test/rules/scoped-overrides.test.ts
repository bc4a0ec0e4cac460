/** The severity policy: order, matchers, shared components, and where each severity comes from. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SeverityPolicy, type Scope } from '../../src/ruleset/scoped-overrides.ts';
import type { OverrideBlock } from '../../src/types.ts';
import { ConfigError } from '../../src/errors.ts';

const RULES = new Map<string, string | undefined>([['op-removed', 'operation'], ['enum-removed', 'schema'], ['doc-changed', 'documentation']]);
const policy = (overrides: OverrideBlock[], severity: Record<string, string> = {}) => new SeverityPolicy({ section: 'rules', rules: RULES, severity, overrides });
const at = (scope: Partial<Scope>): Scope => ({ rule: 'enum-removed', ...scope });

test('default, then rules.severity, then matching blocks in order, each with its source', () => {
  const p = policy([
    { paths: ['/internal/**'], severity: { 'enum-removed': 'non-breaking' } },
    { paths: ['POST /internal/jobs'], severity: { schema: 'patch' } },
  ], { 'enum-removed': 'breaking' });
  assert.equal(p.severityOf(at({ method: 'GET', path: '/pets' }), 'non-breaking'), { severity: 'breaking', source: 'rules.severity' });
  assert.equal(p.severityOf(at({ method: 'GET', path: '/internal/x' }), 'breaking'), { severity: 'non-breaking', source: 'rules.overrides[0]' });
  assert.equal(p.severityOf(at({ method: 'post', path: '/internal/jobs' }), 'breaking'), { severity: 'patch', source: 'rules.overrides[1]' });
  assert.equal(policy([]).severityOf(at({}), 'breaking'), { severity: 'breaking', source: 'default' });
});

test('path templates: globs, any method, parameter names erased', () => {
  const p = policy([{ paths: ['* /users/{id}/**', 'DELETE /admin/*'], severity: { 'op-removed': 'patch' } }]);
  const sev = (method: string, path: string) => p.severityOf({ rule: 'op-removed', method, path }, 'breaking').severity;
  assert.is(sev('GET', '/users/{userId}/orders/{orderId}'), 'patch');
  assert.is(sev('GET', '/users/{userId}'), 'patch');
  assert.is(sev('GET', '/users'), 'breaking');
  assert.is(sev('DELETE', '/admin/x'), 'patch');
  assert.is(sev('DELETE', '/admin/x/y'), 'breaking');
  assert.is(sev('GET', '/admin/x'), 'breaking');
});

test('a shared component change matches a paths block only when every operation using it does', () => {
  const p = policy([{ paths: ['/internal/**'], severity: { 'enum-removed': 'off' } }]);
  assert.is(p.severityOf(at({ usedBy: ['GET /internal/a', 'POST /internal/b'] }), 'breaking').severity, 'off');
  assert.is(p.severityOf(at({ usedBy: ['GET /internal/a', 'GET /pets'] }), 'breaking').severity, 'breaking');
  assert.is(p.severityOf(at({ pointer: '/info/title' }), 'breaking').severity, 'breaking', 'no operation: no match');
});

test('contracts, pointers and categories; all matchers of a block must match', () => {
  const p = policy([{ contracts: ['legacy-*'], pointers: ['/components/schemas/Internal*/**'], categories: ['schema'], severity: { 'enum-removed': 'patch', 'op-removed': 'patch' } }]);
  const scope = { contract: 'legacy-billing', pointer: '/components/schemas/InternalJob/properties/a/enum' };
  assert.is(p.severityOf(at(scope), 'breaking').severity, 'patch');
  assert.is(p.severityOf({ ...scope, rule: 'op-removed' }, 'breaking').severity, 'breaking', 'category operation is not schema');
  assert.is(p.severityOf(at({ ...scope, contract: 'billing' }), 'breaking').severity, 'breaking');
  assert.is(p.severityOf(at({ ...scope, pointer: '/components/schemas/Job' }), 'breaking').severity, 'breaking');
  assert.is(p.severityOf(at({ pointer: scope.pointer }), 'breaking').severity, 'breaking', 'no contract given');
  assert.equal(p.scopedFor('enum-removed').map((s) => s.source), ['rules.overrides[0]']);
  assert.equal(p.scopedFor('op-removed'), [], 'the block is limited to another category');
});

test('an unknown rule id or category is a ConfigError', () => {
  assert.throws(() => policy([{ severity: { 'enum-remove': 'off' } }]), (e: unknown) => e instanceof ConfigError && /unknown rule or category 'enum-remove'/.test((e as Error).message));
  assert.throws(() => new SeverityPolicy({ section: 'lint', rules: new Map([['info-contact', undefined]]), overrides: [{ severity: { 'info-contacts': 'off' } }] }), /unknown lint rule 'info-contacts'/);
});

test.run();
