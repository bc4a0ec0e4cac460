import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, fixtureProject, REPO_ROOT } from '../helpers/temp-project.ts';

const project = emptyProject();

async function complete(line: string): Promise<string[]> {
  const script = (await runSpecver(['completion', 'bash'], { cwd: project.dir })).stdout;
  const file = join(project.dir, 'specver.bash');
  writeFileSync(file, script);
  const words = line.split(' ');
  const program = `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _specver_complete; echo "\${COMPREPLY[*]}"`;
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' }).trim().split(/\s+/);
}

test('bash completion offers commands, subcommands and options', async () => {
  assert.ok((await complete('specver di')).includes('diff'));
  assert.equal(await complete('specver contract a'), ['add']);
  assert.ok((await complete('specver breaking --')).includes('--base'));
  assert.ok((await complete('specver version --d')).includes('--dry-run'));
});

test('bash completion offers the project\'s contract names where a command takes them, and after --contract', async () => {
  const p = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  // The script asks the specver it was invoked as: here the built CLI, through a wrapper on PATH.
  const bin = join(p.dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'specver'), `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, 'dist/main.cjs')}" "$@"\n`, { mode: 0o755 });
  const script = (await runSpecver(['completion', 'bash'], { cwd: p.dir })).stdout;
  writeFileSync(join(p.dir, 'specver.bash'), script);
  const completeIn = (line: string) => {
    const words = line.split(' ');
    const program = `source specver.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _specver_complete; echo "\${COMPREPLY[*]}"`;
    return execFileSync('bash', ['-c', program], { cwd: p.dir, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } }).trim().split(/\s+/);
  };
  assert.equal(completeIn('specver diff pe'), ['petstore']);
  assert.equal(completeIn('specver breaking le'), ['legacy']);
  assert.equal(completeIn('specver changeset --contract or'), ['order-event']);
  assert.equal(completeIn('specver contract remove ca'), ['catalog']);
  assert.equal(completeIn('specver diff --f'), ['--format'], 'options stay options');
  const names = await runSpecver(['contract', 'list', '--names'], { cwd: p.dir });
  assert.is(names.stdout, 'catalog\nlegacy\npetstore\ncustomer\norder-event\n');
  p.remove();
});

test('zsh and fish scripts mention every top-level command', async () => {
  for (const shell of ['zsh', 'fish']) {
    const r = await runSpecver(['completion', shell], { cwd: project.dir });
    assert.is(r.exitCode, 0);
    for (const command of ['init', 'lint', 'diff', 'breaking', 'changeset', 'version', 'status', 'contract', 'pre']) {
      assert.ok(r.stdout.includes(command), `${shell} script lacks ${command}`);
    }
  }
});

test('an unknown shell is a usage error', async () => {
  const r = await runSpecver(['completion', 'tcsh'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
});

test.run();
