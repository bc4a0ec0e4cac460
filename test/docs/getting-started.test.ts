/** The getting-started walk-through, command by command, on a copy of the example project. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { fixtureProject, REPO_ROOT } from '../helpers/temp-project.ts';

const page = readFileSync(join(REPO_ROOT, 'docs/getting-started.md'), 'utf8');
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

// [command as documented, expected exit code]
const WALK: [string, number][] = [
  ['init', 0],
  ['diff', 0],
  ['diff --verbose', 0],
  ['diff --format markdown', 0],
  ['breaking', 1],
  ['lint', -1],
  ['changeset --no-interactive', 0],
  ['changeset --empty --contract petstore --bump patch -m "Document the rate limits"', 0],
  ['status', 0],
  ['version --dry-run', 0],
  ['version', 0],
];

function argv(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

test('every command of the walk-through is on the page', () => {
  for (const [command] of WALK) assert.ok(page.includes(`npx specver ${command}`), command);
});

test('the walk-through runs on the example project with the documented exit codes', async () => {
  const project = fixtureProject('petstore');
  const spec = project.read('api/petstore.yaml');
  for (const [command, expected] of WALK) {
    if (command === 'diff') project.write('api/petstore.yaml', spec.replace('        maximum: 100', '        maximum: 50'));
    const r = await runSpecver(argv(command), { cwd: project.dir });
    if (expected >= 0) assert.is(r.exitCode, expected, `specver ${command}: ${r.stderr}`);
    else assert.ok(r.exitCode <= 1, `specver ${command}: ${r.stderr}`);
    if (command === 'diff') assert.match(r.stdout, /BREAKING\s+GET \/pets: query parameter limit maximum decreased from 100 to 50/);
    if (command === 'diff --format markdown') assert.match(r.stdout, /\| Contract \| Severity \| Change \| Location \|/);
  }
  // petstore starts at its info.version (1.0.0); the breaking change makes the release major.
  assert.is(JSON.parse(project.read('.specver/versions.json')).contracts.petstore, '2.0.0');
});

test('the README tour shows the diff lines the example project really produces', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init', '--initial-version', '1.0.0'], { cwd: project.dir })).exitCode, 0);
  const spec = project.read('api/petstore.yaml');
  project.write('api/petstore.yaml', spec.replace('        maximum: 100', '        maximum: 50'));
  const r = await runSpecver(['diff', 'petstore', '--format', 'markdown'], { cwd: project.dir });
  // The location column differs: the tour makes more edits above that line.
  const row = r.stdout.split('\n').find((line) => line.includes('maximum decreased'))?.replace(/<code>[^<]*<\/code> \|$/, '');
  assert.ok(row && readme.includes(row), `README lacks: ${row}`);
});

test.run();
