/** Lifecycle policy end to end through classifySpecs: injected today, stability threshold, periods, opt-in rules. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifySpecs, loadRuleCatalogue } from '../../src/classify/classify.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

const op = (extra: object = {}) => ({ responses: { 200: { description: 'ok' } }, ...extra });
const doc = (paths: object, version = '1.0.0') => inlineSpec({ openapi: '3.0.3', info: { title: 't', version }, paths });
const rules = async (base: ReturnType<typeof doc>, revision: ReturnType<typeof doc>, options: Partial<Parameters<typeof classifySpecs>[2]> = {}) =>
  (await classifySpecs(base, revision, { today: new Date('2026-01-01T00:00:00Z'), ...options })).map((f) => `${f.rule}:${f.severity}`);

const withHeader = (header: object) => doc({ '/a': { get: { responses: { 200: { description: 'ok', headers: { 'X-Rate': { schema: { type: 'string' }, ...header } } } } } } });
const withoutHeader = doc({ '/a': { get: { responses: { 200: { description: 'ok' } } } } });

test('today is injected: the same removal is breaking before the sunset, non-breaking after', async () => {
  const base = withHeader({ deprecated: true, 'x-sunset': '2026-03-01' });
  assert.equal(await rules(base, withoutHeader, { today: new Date('2026-02-28T23:59:59Z') }), ['response-header-removed-before-sunset:breaking']);
  assert.equal(await rules(base, withoutHeader, { today: new Date('2026-03-01T00:00:00Z') }), ['response-header-removed-after-deprecation:non-breaking']);
});

test('stability threshold: beta is exempt by default, not once exemptBelow is beta', async () => {
  const base = doc({ '/a': { get: op({ 'x-stability-level': 'beta', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] }) } });
  const revision = doc({ '/a': { get: op({ 'x-stability-level': 'beta' }) } });
  assert.equal(await rules(base, revision), ['element-removed-unstable:non-breaking']);
  assert.equal(await rules(base, revision, { lifecycle: { exemptBelow: 'beta', deprecationDays: { beta: 0, stable: 0 } } }), ['request-parameter-removed:breaking']);
});

test('minimum deprecation period is a finding only when configured', async () => {
  const base = doc({ '/a': { get: op() } });
  const revision = doc({ '/a': { get: op({ deprecated: true, 'x-sunset': '2026-01-15' }) } });
  assert.equal(await rules(base, revision), ['operation-deprecated:non-breaking', 'operation-sunset-changed:non-breaking']);
  assert.equal(await rules(base, revision, { lifecycle: { exemptBelow: 'stable', deprecationDays: { beta: 0, stable: 30 } } }),
    ['element-deprecated-sunset-too-soon:breaking', 'operation-sunset-changed:non-breaking']);
});

test('info.version rules are off until rules.severity enables them', async () => {
  const base = doc({ '/a': { get: op() } });
  const revision = doc({ '/a': { get: op() }, '/b': { get: op() } });
  assert.equal(await rules(base, revision), ['operation-added:non-breaking']);
  assert.equal(await rules(base, revision, { severityOverrides: { 'info-version-unchanged': 'breaking' } }), ['info-version-unchanged:breaking', 'operation-added:non-breaking']);
  assert.equal(await rules(base, doc({ '/a': { get: op() } }, '0.9.0'), { severityOverrides: { 'info-version-decreased': 'non-breaking' } }),
    ['info-version-changed:patch', 'info-version-decreased:non-breaking']);
  const catalogue = await loadRuleCatalogue();
  assert.is(catalogue.find((r) => r.id === 'info-version-unchanged')?.enabled, false);
});

test.run();
