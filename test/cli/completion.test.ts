import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject } from '../helpers/temp-project.ts';

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
