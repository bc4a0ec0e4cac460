/** The bundled petstore example as tests start from it, and the one-string edits they make to its files. */
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { repositoryTemplates } from './git-repo.ts';
import { runSpecver } from './run-cli.ts';
import { FIXTURES, type TempProject } from './temp-project.ts';

/** The petstore example, initialised at 1.0.0: built once per file (`templates`), a copy for each case. */
export function initialisedExample(templates: ReturnType<typeof repositoryTemplates>): Promise<TempProject> {
  return templates('initialised', async (project) => {
    cpSync(join(FIXTURES, 'projects/petstore'), project.dir, { recursive: true });
    const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: project.dir });
    assert.is(init.exitCode, 0, init.stderr);
  });
}

/** Replaces the first `from` in `file` by `to`, failing the test when `from` is not there. */
export function edit(project: TempProject, file: string, from: string, to: string): void {
  const text = project.read(file);
  assert.ok(text.includes(from), `${from} not in ${file}`);
  project.write(file, text.replace(from, () => to));
}
