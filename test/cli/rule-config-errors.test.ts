/**
 * Configuration and command-line mistakes, run through the built CLI: a rule file specver.yaml lists but that
 * is missing or not JSON; a `--base` written like a version that is not one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { BASE_CONFIG, baseProject } from '../helpers/bad-input.ts';

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

test.run();
