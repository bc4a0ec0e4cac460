/**
 * Hostile classification rule files in `rules.files`: unknown fields, condition paths that are not plain
 * `$.a.b` paths (JSONPath filters and script expressions), operators that do not exist, a `matches`
 * pattern that could backtrack catastrophically (refused when the file loads), facts other than `change`. Each: a one-line error naming the file, exit 3, nothing executed, no hang.
 * (For a bad condition, the message names the condition's location; which keyword is wrong is up to ajv's
 * first oneOf violation.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BASE_CONFIG, BASE_SPEC, baseProject } from '../helpers/bad-input.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { measureCpu } from '../helpers/cpu-time.ts';

const RULE = {
  id: 'acme/operation-removed-loudly',
  category: 'operation',
  summary: 'An operation was removed, reported by the team rule.',
  docs: 'The team wants its own wording for removed operations.',
  severity: 'breaking',
  message: '{{method}} {{path}} is gone',
  on: { kind: 'operation', action: 'removed' },
  priority: 5,
};
const condition = (extra: Record<string, unknown>) => ({ ...RULE, conditions: { all: [{ fact: 'change', path: '$.context.method', operator: 'equal', value: 'GET', ...extra }] } });
/** A file the rule would create if any part of it were ever executed. */
const MARKER = 'pwned.txt';
const script = `require('fs').writeFileSync('${MARKER}', 'x')`;

const CASES: Array<{ name: string; rule: unknown; error: RegExp }> = [
  { name: 'unknown top-level field', rule: { ...RULE, action: 'exec' }, error: /must NOT have additional properties|action/ },
  { name: 'unknown field in a condition', rule: condition({ script }), error: /conditions/ },
  { name: 'JSONPath filter expression as a condition path', rule: condition({ path: `$[?(@.x && ${script})]` }), error: /\/conditions\/all\/0/ },
  { name: 'recursive-descent JSONPath', rule: condition({ path: '$..method' }), error: /\/conditions\/all\/0/ },
  { name: 'bracket notation path', rule: condition({ path: "$['context']['method']" }), error: /\/conditions\/all\/0/ },
  { name: 'script expression path', rule: condition({ path: `$.context.(${script})` }), error: /\/conditions\/all\/0/ },
  { name: 'a catastrophic pattern for `matches`', rule: condition({ operator: 'matches', value: '^(a+)+$' }), error: /\/conditions\/all\/0 .*nests quantifiers/ },
  { name: 'an operator that does not exist', rule: condition({ operator: 'eval', value: script }), error: /\/conditions\/all\/0/ },
  { name: 'a fact other than change', rule: condition({ fact: 'process' }), error: /\/conditions\/all\/0/ },
  { name: 'event written by hand (params run through the engine)', rule: { ...RULE, event: { type: 'x', params: { script } } }, error: /additional properties|event/ },
  { name: 'message is not a string', rule: { ...RULE, message: { toString: script } }, error: /message/ },
  { name: 'id with a path in it', rule: { ...RULE, id: '../../etc/passwd' }, error: /id/ },
];

for (const c of CASES) {
  test(`hostile rule file: ${c.name}`, async () => {
    const p = baseProject();
    p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files: [rules/acme.json]\n`);
    p.write('rules/acme.json', JSON.stringify(c.rule, null, 2));
    p.write('api/pets.yaml', BASE_SPEC.replace(/  \/pets:[\s\S]*?components:/, '  {}\ncomponents:').replace('paths:\n  {}', 'paths: {}'));
    const before = p.snapshot();
    const { value: r, cpuMs } = await measureCpu(() => runSpecver(['breaking'], { cwd: p.dir }));
    assert.ok(cpuMs < 10_000, `no hang: ${cpuMs} ms of CPU`);
    assert.is(r.exitCode, 3, r.stderr);
    const lines = r.stderr.trim().split('\n').filter((l) => !l.startsWith('hint: '));
    assert.is(lines.length, 1, r.stderr);
    assert.match(lines[0]!, /^specver: invalid rule file .*rules\/acme\.json: /);
    assert.match(lines[0]!, c.error);
    assert.not.match(r.stderr, /\n\s+at /);
    assert.not.ok(p.exists(MARKER), 'nothing was executed');
    assert.equal(p.snapshot(), before);
    p.remove();
  });
}

test('rule file that is not JSON, or a JavaScript module: exit 3 naming it, never imported', async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files: [rules/acme.js]\n`);
  p.write('rules/acme.js', `${script};\nmodule.exports = {};\n`);
  const r = await runSpecver(['diff'], { cwd: p.dir });
  assert.is(r.exitCode, 3, r.stderr);
  assert.match(r.stderr, /^specver: .*rules\/acme\.js:\d+:\d+: invalid JSON: /);
  assert.not.ok(p.exists(MARKER), 'nothing was executed');
  p.remove();
});

test('rule files nested 100,000 levels deep: one line naming the file, exit 3 (classification and lint)', async () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files: [rules/acme.json]\n`);
  p.write('rules/acme.json', JSON.stringify(RULE).replace(/}$/, `,"conditions":{"all":${deep}}}`));
  const classify = await runSpecver(['diff'], { cwd: p.dir });
  assert.is(classify.exitCode, 3, classify.stderr);
  assert.match(classify.stderr, /^specver: invalid rule file rules\/acme\.json: nesting deeper than 1000 levels\n/);
  p.write('specver.yaml', `${BASE_CONFIG}lint:\n  files: [rules/acme-lint.json]\n`);
  p.write('rules/acme-lint.json', `{"id":"acme/acme-lint","description":"d","message":"m","severity":"warn","given":"$.info","then":{"field":"title","function":"schema","functionOptions":{"schema":{"enum":[${deep}]}}}}`);
  const lint = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(lint.exitCode, 3, lint.stderr);
  assert.match(lint.stderr, /^specver: rules\/acme-lint\.json: nesting deeper than 1000 levels\n/);
  p.remove();
});

test('a rule file with a UTF-8 BOM is read like any other input', async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files: [rules/acme.json]\n`);
  p.write('rules/acme.json', `\uFEFF${JSON.stringify(RULE, null, 2)}`);
  p.write('api/pets.yaml', BASE_SPEC.replace(/  \/pets:[\s\S]*?components:/, '  {}\ncomponents:').replace('paths:\n  {}', 'paths: {}'));
  const r = await runSpecver(['breaking'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /GET \/pets is gone/);
  p.remove();
});

test('a well-formed team rule still works (the cases above fail for the reason they name)', async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files: [rules/acme.json]\n`);
  p.write('rules/acme.json', JSON.stringify(RULE, null, 2));
  p.write('api/pets.yaml', BASE_SPEC.replace(/  \/pets:[\s\S]*?components:/, '  {}\ncomponents:').replace('paths:\n  {}', 'paths: {}'));
  const r = await runSpecver(['breaking'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /GET \/pets is gone/);
  p.remove();
});

test.run();
