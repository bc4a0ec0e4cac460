import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { buildProgram } from '../../src/cli/program.ts';
import type { Command } from 'commander';
import { emptyProject, fixtureProject, REPO_ROOT } from '../helpers/temp-project.ts';

const project = emptyProject();

/**
 * Runs `program` in a bash that reads no start-up file. Bash reads ~/.bashrc even when not interactive if its
 * stdin is a socket (it takes that for rshd) and SHLVL is below 2: Node's pipes are sockets, so a `npm test`
 * started with SHLVL unset or 0 ran the developer's .bashrc (pyenv, nvm, ...) in every completion, about half
 * a second each. Nothing of the user's shell belongs in these answers anyway.
 */
function bash(program: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const env = { ...(options.env ?? process.env) };
  delete env.BASH_ENV;
  return execFileSync('bash', ['--norc', '--noprofile', '-c', program], { cwd: options.cwd, env, encoding: 'utf8' });
}

async function complete(line: string): Promise<string[]> {
  const script = (await runSpecver(['completion', 'bash'], { cwd: project.dir })).stdout;
  const file = join(project.dir, 'specver.bash');
  writeFileSync(file, script);
  const words = line.split(' ');
  const program = `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _specver_complete; echo "\${COMPREPLY[*]}"`;
  return bash(program).trim().split(/\s+/);
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
    return bash(program, { cwd: p.dir, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } }).trim().split(/\s+/);
  };
  assert.equal(completeIn('specver diff pe'), ['petstore']);
  const names = await runSpecver(['contract', 'list', '--names'], { cwd: p.dir });
  assert.is(names.stdout, 'catalog\nlegacy\npetstore\ncustomer\norder-event\n');
  // The other places names are completed ask the same question: its answer (checked just above) comes from a
  // stand-in that answers nothing else, as each real run is a node start-up.
  writeFileSync(join(p.dir, 'names.txt'), names.stdout);
  writeFileSync(join(bin, 'specver'), `#!/bin/sh\n[ "$*" = "contract list --names" ] || { echo "unexpected: $*" >&2; exit 1; }\nexec cat "${join(p.dir, 'names.txt')}"\n`, { mode: 0o755 });
  assert.equal(completeIn('specver breaking le'), ['legacy']);
  assert.equal(completeIn('specver changeset --contract or'), ['order-event']);
  assert.equal(completeIn('specver contract remove ca'), ['catalog']);
  assert.equal(completeIn('specver diff --f'), ['--format'], 'options stay options');
  p.remove();
});

/** Completions of `line` by the bash script the built CLI prints. */
let builtScript: string | undefined;
async function completeBuilt(line: string): Promise<string[]> {
  const file = join(project.dir, 'specver-built.bash');
  if (builtScript === undefined) writeFileSync(file, (builtScript = (await runBuiltSpecver(['completion', 'bash'], { cwd: project.dir })).stdout));
  const words = line.split(' ');
  const program = `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _specver_complete; echo "\${COMPREPLY[*]}"`;
  return bash(program).trim().split(/\s+/).filter(Boolean);
}

test('bash completion offers the values of an option with choices, and of a positional argument (built CLI)', async () => {
  assert.equal(await completeBuilt('specver breaking --format '), ['text', 'json', 'github', 'junit', 'markdown', 'sarif', 'html']);
  assert.equal(await completeBuilt('specver breaking --format j'), ['json', 'junit']);
  assert.equal(await completeBuilt('specver breaking --policy '), ['base', 'head']);
  assert.equal(await completeBuilt('specver diff --format '), ['text', 'json', 'markdown', 'html']);
  assert.equal(await completeBuilt('specver lint --fail-severity w'), ['warn']);
  assert.equal(await completeBuilt('specver init --versioning '), ['independent', 'fixed']);
  assert.equal(await completeBuilt('specver completion '), ['bash', 'zsh', 'fish']);
  // After a value, options again.
  assert.ok((await completeBuilt('specver breaking --format json --')).includes('--policy'));
});

test('every option with choices completes to exactly its choices, in bash and fish', async () => {
  const program = buildProgram({ cwd: project.dir, env: {}, streams: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin } }, '0.0.0').program;
  const fish = (await runBuiltSpecver(['completion', 'fish'], { cwd: project.dir })).stdout;
  let checked = 0;
  const visit = async (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      if (sub.name() === 'help') continue;
      const here = [...path, sub.name()];
      for (const option of sub.options) {
        if (!option.argChoices || !option.long) continue;
        assert.equal(await completeBuilt(`specver ${here.join(' ')} ${option.long} `), option.argChoices, `${here.join(' ')} ${option.long}`);
        assert.ok(fish.includes(`-l ${option.long.slice(2)} -x -a "${option.argChoices.join(' ')}"`), `fish: ${here.join(' ')} ${option.long}`);
        checked++;
      }
      await visit(sub, here);
    }
  };
  await visit(program, []);
  assert.ok(checked >= 10, `only ${checked} options with choices`);
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

test("completions are asked of a bash that runs none of the user's start-up files", () => {
  // As `npm test` may start it: SHLVL 0 and stdin a socket make bash read ~/.bashrc; BASH_ENV is read by any bash.
  const home = join(project.dir, 'home');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, '.bashrc'), 'echo "read .bashrc"; exit 3\n');
  writeFileSync(join(home, 'bash-env'), 'echo "read BASH_ENV"; exit 3\n');
  assert.is(bash('echo clean', { env: { ...process.env, HOME: home, SHLVL: '0', BASH_ENV: join(home, 'bash-env') } }), 'clean\n');
});

test('an unknown shell is a usage error', async () => {
  const r = await runSpecver(['completion', 'tcsh'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
});

test.run();
