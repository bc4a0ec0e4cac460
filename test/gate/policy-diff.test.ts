/**
 * Pure parts of judging a pull request at a git base: pairing current contracts with the base's (by name, then
 * a rename by file), every kind of policy change, and which policy is chosen when the flag, the base commit and
 * the pull request disagree.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseConfig } from '../../src/config/load-config.ts';
import { baseJudgingConfig, choosePolicy } from '../../src/gate/gate-policy.ts';
import { policyChanges, type PolicySide } from '../../src/gate/policy-diff.ts';
import { pairContracts } from '../../src/pipeline/git-base.ts';
import type { ContractConfig } from '../../src/types.ts';

const contract = (name: string, path: string): ContractConfig => ({ name, format: 'openapi', path });
const config = (text: string) => parseConfig(`versioning: independent\ncontracts: []\nchangelog: false\n${text}`, '/project/specver.yaml');
const side = (text: string, waivers: PolicySide['waivers']['waivers'] = [], ruleTexts: Record<string, string> = {}): PolicySide => ({
  config: config(text),
  waivers: { file: '.specver/waivers.yaml', waivers },
  ruleTexts,
});

test('pairContracts: by name, then a rename by file; the rest removed or new', () => {
  const base = [contract('a', 'a.yaml'), contract('b', 'b.yaml'), contract('c', 'c.yaml')];
  const head = [contract('a', 'moved/a.yaml'), contract('bee', 'b.yaml'), contract('d', 'd.yaml')];
  assert.equal(pairContracts(head, base), {
    basePaths: { a: 'a.yaml', bee: 'b.yaml', d: null },
    removed: [contract('c', 'c.yaml')],
    renamed: [{ from: 'b', to: 'bee' }],
  });
  // A file claimed by name is not also taken by a rename.
  assert.equal(pairContracts([contract('a', 'x.yaml'), contract('n', 'a.yaml')], [contract('a', 'a.yaml')]).basePaths, { a: 'a.yaml', n: null });
  // No specver.yaml at the base: each contract against the file at its own path, nothing removed.
  assert.equal(pairContracts(head, undefined), { basePaths: { a: 'moved/a.yaml', bee: 'b.yaml', d: 'd.yaml' }, removed: [], renamed: [] });
});

test('policyChanges: rules, overrides, lifecycle, gate settings and waivers, old value and new', () => {
  const waiver = { rule: 'operation-removed', contract: 'petstore', location: 'GET /pets', reason: 'unused', line: 2 };
  const base = side('rules:\n  files: [r1.json, r2.json]\n  severity:\n    a: breaking\n  overrides:\n    - severity: { x: patch }\n    - paths: ["/p"]\n      severity: { y: patch }\n', [waiver], { 'r1.json': '{}', 'r2.json': '{}' });
  const head = side(
    'rules:\n  files: [r1.json, r3.json]\n  severity:\n    a: "off"\n    b: patch\n  overrides:\n    - severity: { x: patch }\n    - contracts: [petstore]\n      severity: { operation: non-breaking }\nlifecycle:\n  deprecationDays: { stable: 30 }\ngate:\n  allowAcknowledged: true\n  policy: head\n',
    [{ ...waiver, expires: '2026-12-31' }],
    { 'r1.json': '{"changed":true}', 'r3.json': '{}' },
  );
  assert.equal(
    policyChanges(base, head, [], 'specver.yaml').map((c) => `${c.kind} | ${c.message} | ${c.file}`),
    [
      'rule-file-changed | rule file r1.json changed | r1.json',
      'rule-file-added | rules.files: r3.json added | r3.json',
      'rule-file-removed | rules.files: r2.json removed | specver.yaml',
      'rule-severity | rules.severity.a: breaking -> off | specver.yaml',
      "rule-severity | rules.severity.b: the rule's default -> patch | specver.yaml",
      'rule-override-added | rules.overrides[1] added: operation: non-breaking for contracts petstore | specver.yaml',
      'rule-override-removed | rules.overrides block removed: y: patch for paths /p | specver.yaml',
      'lifecycle | lifecycle.deprecationDays.stable: 0 -> 30 | specver.yaml',
      'gate-setting | gate.allowAcknowledged: false -> true | specver.yaml',
      'gate-setting | gate.policy: unset -> "head" | specver.yaml',
      'waiver-added | waiver added: operation-removed on petstore at GET /pets (unused, until 2026-12-31) | .specver/waivers.yaml',
      'waiver-removed | waiver removed: operation-removed on petstore at GET /pets (unused) | .specver/waivers.yaml',
    ],
  );
  // The same blocks in another order decide differently (a later block wins).
  const ordered = side('rules:\n  overrides:\n    - severity: { x: patch }\n    - severity: { x: breaking }\n');
  const swapped = side('rules:\n  overrides:\n    - severity: { x: breaking }\n    - severity: { x: patch }\n');
  assert.equal(policyChanges(ordered, swapped, [], 'specver.yaml').map((c) => c.kind), ['rule-overrides-reordered']);
  assert.equal(policyChanges(ordered, ordered, [], 'specver.yaml'), []);
  assert.equal(policyChanges(undefined, head, [], 'specver.yaml').map((c) => c.kind), ['config-added']);
});

test('policyChanges: contracts added, removed, renamed, moved and with another compatibility', () => {
  const make = (contracts: string): PolicySide => ({
    config: parseConfig(`contracts:\n${contracts}changelog: false\n`, '/project/specver.yaml'),
    waivers: { file: '.specver/waivers.yaml', waivers: [] },
    ruleTexts: {},
  });
  const before = make('  - { name: a, format: openapi, path: a.yaml }\n  - { name: s, format: json-schema, path: s.json }\n  - { name: gone, format: openapi, path: g.yaml }\n');
  const after = make('  - { name: a2, format: openapi, path: a.yaml }\n  - { name: s, format: json-schema, path: t.json, compatibility: none }\n  - { name: new, format: openapi, path: n.yaml }\n');
  assert.equal(
    policyChanges(before, after, [{ from: 'a', to: 'a2' }], 'specver.yaml').map((c) => `${c.kind} | ${c.message}`),
    [
      'contract-renamed | contract a renamed to a2',
      'contract-path | contract s: path s.json -> t.json',
      'contract-compatibility | contract s: compatibility backward -> none',
      'contract-added | contract new (n.yaml) added',
      'contract-removed | contract gone (g.yaml) removed',
    ],
  );
});

test('policyChanges and baseJudgingConfig: a narrower transitiveScope is a compatibility change; the base keeps its scope', () => {
  const make = (fields: string): PolicySide => ({
    config: parseConfig(`contracts:\n  - { name: s, format: json-schema, path: s.json${fields} }\nchangelog: false\n`, '/project/specver.yaml'),
    waivers: { file: '.specver/waivers.yaml', waivers: [] },
    ruleTexts: {},
  });
  const all = make(', compatibility: full-transitive');
  const major = make(', compatibility: full-transitive, transitiveScope: major');
  assert.equal(policyChanges(all, major, [], 'specver.yaml').map((c) => c.message), [
    'contract s: compatibility full-transitive -> full-transitive (transitiveScope major)',
  ]);
  const judging = baseJudgingConfig(major.config, all.config, { s: 's.json' });
  assert.equal(judging.contracts[0], { name: 's', format: 'json-schema', path: 's.json', compatibility: 'full-transitive' });
  assert.equal(baseJudgingConfig(all.config, major.config, { s: 's.json' }).contracts[0].transitiveScope, 'major');
});

test('choosePolicy: the flag decides; a base commit saying base holds; the pull request may only make it stricter', () => {
  const head = config('');
  const strictHead = config('gate:\n  policy: base\n');
  const strictBase = config('gate:\n  policy: base\n');
  assert.equal(choosePolicy(undefined, head, config('')), { source: 'head', reason: 'default' });
  assert.equal(choosePolicy(undefined, head, strictBase), { source: 'base', reason: 'base-config' });
  assert.equal(choosePolicy(undefined, config('gate:\n  policy: head\n'), strictBase), { source: 'base', reason: 'base-config' });
  assert.equal(choosePolicy(undefined, strictHead, config('')), { source: 'base', reason: 'config' });
  assert.equal(choosePolicy(undefined, strictHead, undefined), { source: 'head', reason: 'config' });
  assert.equal(choosePolicy('head', head, strictBase), { source: 'head', reason: 'flag' });
  assert.equal(choosePolicy('base', head, config('')), { source: 'base', reason: 'flag' });
});

test.run();
