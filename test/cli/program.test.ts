import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, REPO_ROOT } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const cwd = emptyProject().dir;
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

test('--version prints the package version and exits 0', async () => {
  const r = await runSpecver(['--version'], { cwd });
  assert.is(r.exitCode, 0);
  assert.is(r.stdout.trim(), pkg.version);
});

test('the built entry point answers --version alone without the CLI modules, with the same text as the program', async () => {
  const program = await runSpecver(['--version'], { cwd });
  const built = spawnSync(process.execPath, [join(REPO_ROOT, 'dist/main.cjs'), '--version'], { cwd, encoding: 'utf8' });
  assert.is(built.status, 0);
  assert.is(built.stdout, program.stdout);
  assert.is(built.stderr, '');
});

test('--help lists every command of the spec', async () => {
  const r = await runSpecver(['--help'], { cwd });
  assert.is(r.exitCode, 0);
  for (const command of ['init', 'lint', 'diff', 'breaking', 'changeset', 'version', 'status', 'contract', 'pre'])
    assert.match(r.stdout, new RegExp(`\\n  ${command}\\b`));
});

test('every command\'s --help shows two or three examples and the global flags', async () => {
  const { buildProgram } = await import('../../src/cli/program.ts');
  const { program } = buildProgram({ cwd, env: {}, streams: { stdout: { write: () => true }, stderr: { write: () => true } } }, '');
  const paths: string[][] = [];
  const visit = (cmd: typeof program, prefix: string[]) => {
    for (const sub of cmd.commands) {
      paths.push([...prefix, sub.name()]);
      visit(sub, [...prefix, sub.name()]);
    }
  };
  visit(program, []);
  assert.ok(paths.length > 20);
  for (const path of paths) {
    const r = await runSpecver([...path, '--help'], { cwd });
    assert.is(r.exitCode, 0, path.join(' '));
    const examples = r.stdout.split('\nExamples:\n')[1];
    assert.ok(examples, `${path.join(' ')} --help has no examples`);
    const lines = examples!.trimEnd().split('\n');
    assert.ok(lines.length >= 1 && lines.length <= 3 && lines.every((l) => l.startsWith('  $ ')), `${path.join(' ')}: ${examples}`);
    assert.match(r.stdout, /\nGlobal Options:\n[^]*-c, --config <path>/, path.join(' '));
  }
  const diff = await runSpecver(['diff', '--help'], { cwd });
  assert.is(diff.stdout.split('\nExamples:\n')[1]!.trim().split('\n').length, 3);
});

test('an unknown command is a usage error: exit 2, one line and a hint', async () => {
  const r = await runSpecver(['frobnicate'], { cwd });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: unknown command 'frobnicate'/);
  assert.match(r.stderr, /hint: run 'specver --help'/);
  assert.not.match(r.stderr, /\n\s+at /);
});

test('an unknown flag is a usage error: exit 2, never 1', async () => {
  const r = await runSpecver(['diff', '--no-such-flag'], { cwd });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /unknown option '--no-such-flag'/);
});

test('an invalid --format choice exits 2', async () => {
  const r = await runSpecver(['diff', '--format', 'xml'], { cwd });
  assert.is(r.exitCode, 2);
});

test('a missing required argument exits 2', async () => {
  const r = await runSpecver(['contract', 'add'], { cwd });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /missing required argument/);
});

test('usage errors in --json mode are a JSON error document on stdout', async () => {
  const r = await runSpecver(['--json', 'diff', '--nope'], { cwd });
  assert.is(r.exitCode, 2);
  const doc = r.json();
  assert.is(doc.error.code, 2);
  assert.match(doc.error.message, /unknown option/);
  assertValidOutput('error.schema.json', doc);
});

test.run();
