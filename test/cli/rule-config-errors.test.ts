/**
 * Configuration and command-line mistakes, run through the built CLI: a rule file specver.yaml lists but that
 * is missing or not JSON; a `--base` written like a version that is not one; a rule id misspelt in a waiver,
 * `rules.severity`, `rules.overrides` or `lint.severity` (answered with the closest ids).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { BASE_CONFIG, baseProject } from '../helpers/bad-input.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const oneError = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !line.startsWith('hint: '));

test('a missing rules.files entry: exit 2 at its line in specver.yaml, naming the path; no stack trace', async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files:\n    - specver-rules/ok.json\n    - specver-rules/gone.json\n`);
  p.write('specver-rules/ok.json', '{}');
  const r = await runBuiltSpecver(['diff'], { cwd: p.dir });
  assert.is(r.exitCode, 2, r.stderr);
  assert.equal(oneError(r.stderr), ['specver: specver.yaml:10: rules.files[1]: rule file specver-rules/gone.json does not exist']);
  assert.match(r.stderr, /hint: create specver-rules\/gone\.json, or remove it from rules\.files/);
  assert.not.match(r.stderr, /ENOENT|JSON syntax|\n\s+at /);
});

test('a rule file that is not JSON: its line and column, not a character position', async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  files: [specver-rules/broken.json]\n`);
  p.write('specver-rules/broken.json', '{\n  "id": "acme/broken",\n  "severity": "breaking",,\n}\n');
  const r = await runBuiltSpecver(['diff'], { cwd: p.dir });
  assert.is(r.exitCode, 3, r.stderr);
  const [line] = oneError(r.stderr);
  assert.match(line!, /^specver: specver-rules\/broken\.json:3:26: invalid JSON: /);
  assert.not.match(line!, /position/);
});

for (const [argv, error, hint] of [
  [['diff', '--base', '1.0'], "specver: --base '1.0' is neither a snapshot version nor a git ref", /hint: versions with a snapshot: pets 1\.0\.0, 1\.1\.0 \(write all three numbers, as in --base 1\.0\.0\)/],
  [['breaking', '--base', 'v1'], "specver: --base 'v1' is neither a snapshot version nor a git ref", /hint: versions with a snapshot: pets 1\.0\.0, 1\.1\.0 /],
  [['diff', '--base', 'pets@1.0'], "specver: --base 'pets@1.0': '1.0' is not a version", /hint: versions with a snapshot: 1\.0\.0, 1\.1\.0 \(write all three numbers, as in --base pets@1\.0\.0\)/],
] as const) {
  test(`${argv.join(' ')}: a malformed version lists the snapshot versions (exit 2), in and out of a git repository`, async () => {
    const p = baseProject();
    p.write('.specver/snapshots/pets@1.1.0.yaml', p.read('.specver/snapshots/pets@1.0.0.yaml'));
    for (const inGit of [false, true]) {
      if (inGit) assert.is(spawnSync('git', ['init', '-q', p.dir]).status, 0);
      const r = await runBuiltSpecver([...argv], { cwd: p.dir });
      assert.is(r.exitCode, 2, r.stderr);
      assert.equal(oneError(r.stderr), [error]);
      assert.match(r.stderr, hint);
    }
  });
}

test('--base 1.0 naming a git tag is that tag, not a mistyped version', async () => {
  const p = baseProject();
  const git = (...args: string[]) => assert.is(spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: p.dir }).status, 0, args.join(' '));
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first');
  git('tag', '1.0');
  const r = await runBuiltSpecver(['diff', '--base', '1.0'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /vs git:1\.0/);
});

test('a waiver naming no known rule: a warning suggesting the closest id; a waiver that only matches nothing keeps its own warning', async () => {
  const p = baseProject();
  const waiver = (rule: string, line = '') => `  - rule: ${rule}\n    contract: pets\n    location: '*'\n    reason: accepted${line}\n`;
  p.write('.specver/waivers.yaml', `waivers:\n${waiver('request-property-required-add')}${waiver('operation-removed')}${waiver('zzzz-qqqq-xxxx')}`);
  const r = await runBuiltSpecver(['breaking'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const warnings = r.stderr.split('\n').filter((line) => line.startsWith('specver: warning:'));
  assert.equal(warnings.length, 3, r.stderr);
  assert.match(warnings[0]!, /^specver: warning: \.specver\/waivers\.yaml:2: waiver for request-property-required-add on pets at \* names no known rule: did you mean request-property-required-added[,?]/);
  assert.match(warnings[1]!, /waivers\.yaml:6: waiver for operation-removed on pets at \* matches no change/);
  assert.match(warnings[2]!, /waivers\.yaml:10: waiver for zzzz-qqqq-xxxx on pets at \* names no known rule: run 'specver rules list' for the ids$/);
  const json = await runBuiltSpecver(['breaking', '--format', 'json'], { cwd: p.dir });
  assertValidOutput('breaking.schema.json', json.json());
  assert.match(json.json().gate.waivers.unmatched[0].message, /names no known rule: did you mean request-property-required-added[,?]/);
});

for (const [name, config, argv, line, error] of [
  ['rules.severity', 'rules:\n  severity:\n    operation-remove: non-breaking\n', ['diff'], 9, /rules\.severity names an unknown rule 'operation-remove'/],
  ['rules.overrides', "rules:\n  overrides:\n    - paths: ['/internal/**']\n      severity:\n        operation-remove: non-breaking\n", ['diff'], 11, /rules\.overrides\[0\]\.severity names an unknown rule or category 'operation-remove'/],
  ['lint.severity', 'lint:\n  severity:\n    operation-operationid-uniqe: warn\n', ['lint'], undefined, /lint\.severity names unknown lint rule 'operation-operationid-uniqe'/],
] as const) {
  test(`${name} naming an unknown rule: exit 2, suggesting the closest id`, async () => {
    const p = baseProject();
    p.write('specver.yaml', `${BASE_CONFIG}${config}`);
    const r = await runBuiltSpecver([...argv], { cwd: p.dir });
    assert.is(r.exitCode, 2, r.stderr);
    const [first] = oneError(r.stderr);
    assert.match(first!, error);
    if (line) assert.match(first!, new RegExp(`^specver: specver\\.yaml:${line}: `));
    assert.match(r.stderr, name === 'lint.severity' ? /hint: did you mean operation-operationid-unique[,?]/ : /hint: did you mean operation-removed[,?]/);
  });
}

test.run();
