/**
 * Configuration mistakes around rules, run through the built CLI: a rule file specver.yaml lists but that is
 * missing or not JSON.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
