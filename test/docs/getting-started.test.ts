/** The getting-started walk-through, command by command, on a copy of the example project. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitScript } from '../helpers/git-repo.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
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

/** The section's code blocks of one language, in order. */
function sectionBlocks(heading: string, language: string): string[] {
  const start = page.indexOf(`## ${heading}\n`);
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

test('"Adopting specver on an existing API": every documented command runs (built CLI) with the documented outcome', async () => {
  const commands = sectionBlocks('Adopting specver on an existing API', 'sh').flatMap((block) => block.split('\n')).map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
  assert.equal(commands, [
    'npx specver init',
    'npx specver lint --baseline-write',
    'npx specver lint',
    'git add specver.yaml .specver && git commit -m "Adopt specver"',
    'npx specver breaking --base origin/main',
    'npx specver changeset --no-interactive',
    'npx specver version --dry-run',
    'npx specver version',
  ]);
  const project = fixtureProject('petstore');
  const specver = async (command: string, exit: number) => {
    const r = await runBuiltSpecver(argv(command.replace(/^npx specver /, '')), { cwd: project.dir, env: { SPECVER_NOW: '2026-03-04T05:06:07Z' } });
    assert.is(r.exitCode, exit, `${command}: ${r.stdout}${r.stderr}`);
    return r;
  };
  gitScript(project.dir, [['init', '-q'], ['add', '.'], ['commit', '-qm', 'The API as it shipped']]);
  // Adoption: petstore keeps its info.version, lint passes on the baseline, the commit lands on main.
  assert.match((await specver(commands[0]!, 0)).stdout, /version 1\.0\.0 \(from info\.version\)/);
  await specver(commands[1]!, 0);
  await specver(commands[2]!, 0);
  gitScript(project.dir, [['add', 'specver.yaml', '.specver'], ['commit', '-qm', 'Adopt specver'], ['update-ref', 'refs/remotes/origin/main', 'HEAD']]);
  // The first pull request removes DELETE /pets/{petId}: the gate fails, then passes with the page's waiver.
  const spec = project.read('api/petstore.yaml');
  const removed = spec.replace(/    delete:\n      operationId: deletePet\n[^]*?(?=  \/store\/orders:)/, '');
  assert.ok(removed !== spec);
  project.write('api/petstore.yaml', removed);
  assert.match((await specver(commands[4]!, 1)).stdout, /DELETE \/pets\/\{petId\}/);
  const [waivers] = sectionBlocks('Adopting specver on an existing API', 'yaml');
  project.write('.specver/waivers.yaml', waivers!);
  assert.match((await specver(commands[4]!, 0)).stdout, /waived: never called by any client/);
  project.write('.specver/waivers.yaml', waivers!.replace('rule: operation-removed', 'rule: operation-remove'));
  assert.match((await specver(commands[4]!, 1)).stderr, /names no known rule: did you mean operation-removed/);
  project.write('.specver/waivers.yaml', waivers!);
  // The first release, from info.version: the waived break is released as minor and recorded as accepted.
  assert.match((await specver(commands[5]!, 0)).stdout, /waiver/i);
  assert.match((await specver(commands[6]!, 0)).stdout, /petstore[^\n]*1\.0\.0 -> 1\.1\.0/);
  await specver(commands[7]!, 0);
  assert.is(JSON.parse(project.read('.specver/versions.json')).contracts.petstore, '1.1.0');
  assert.match(project.read('CHANGELOG.md'), /Accepted breaking change \(waived: never called by any client/);
});

test.run();
