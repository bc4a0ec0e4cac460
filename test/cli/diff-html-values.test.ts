/**
 * `diff --format html` in a project shows each change's values from the documents the comparison read: they
 * are kept for the report instead of being read and resolved a second time (a large spec's report cost a
 * third more than its text diff).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Context } from '../../src/cli/context.ts';
import { changeValues } from '../../src/cli/change-values.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { compareContracts } from '../../src/pipeline/compare-parallel.ts';
import type { LoadedSides } from '../../src/pipeline/comparison.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject } from '../helpers/temp-project.ts';
import { limitSpec } from '../helpers/limit-spec.ts';

const spec = (maximum: number) => limitSpec('items', maximum);

const project = emptyProject();
project.write('api/items.yaml', spec(100));
const init = await runSpecver(['init', '--json'], { cwd: project.dir });
project.write('api/items.yaml', spec(50));

async function compared(keepLoaded?: Map<string, LoadedSides>) {
  const config = await loadConfig({ cwd: project.dir });
  return compareContracts(config, config.contracts, { today: new Date('2026-01-01T00:00:00Z'), keepLoaded });
}

test('a comparison in this thread keeps both documents it read, by contract name', async () => {
  assert.is(init.exitCode, 0, init.stderr);
  const kept = new Map<string, LoadedSides>();
  const [comparison] = await compared(kept);
  assert.is(comparison.summary.total, 1);
  const sides = kept.get('items');
  assert.ok(sides?.base && sides.revision, 'both sides are kept');
  assert.is(sides!.base!.document.paths['/items'].get.parameters[0].schema.maximum, 100);
  assert.is(sides!.revision.document.paths['/items'].get.parameters[0].schema.maximum, 50);
});

test('the report reads its values from the kept documents, not from the files again', async () => {
  const kept = new Map<string, LoadedSides>();
  const comparisons = await compared(kept);
  // The file changes after the comparison: kept documents still show what was compared.
  project.write('api/items.yaml', spec(7));
  const ctx = { cwd: project.dir } as Context;
  const finding = comparisons[0].findings[0];
  const fromKept = (await changeValues(ctx, comparisons, kept))(comparisons[0], finding);
  const reread = (await changeValues(ctx, comparisons))(comparisons[0], finding);
  project.write('api/items.yaml', spec(50));
  assert.is(fromKept.after?.value, 50, JSON.stringify(fromKept));
  assert.is(fromKept.before?.value, 100);
  assert.is(reread.after?.value, 7, 'without kept documents the report reads the file again');
});

test('diff --format html shows the compared values', async () => {
  const result = await runSpecver(['diff', '--format', 'html'], { cwd: project.dir });
  assert.is(result.exitCode, 0, result.stderr);
  assert.match(result.stdout, /<dt>Before<\/dt><dd><pre>100<\/pre><\/dd>/);
  assert.match(result.stdout, /<dt>After<\/dt><dd><pre>50<\/pre><\/dd>/);
});

test.run();
