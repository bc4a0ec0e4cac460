import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { utimesSync } from 'node:fs';
import { changesetsNaming, readChangesets } from '../../src/versioning/read-changesets.ts';
import { emptyProject } from '../helpers/temp-project.ts';

test('reads changesets by modification time, then name; skips README and hidden temp files', async () => {
  const p = emptyProject('specver-read-');
  p.write('.specver/changesets/zeta-cat-run.md', '---\n"a": patch\n---\n\nz\n');
  p.write('.specver/changesets/alpha-dog-sit.md', '---\n"a": minor\n"b": major\n---\n\na\n');
  p.write('.specver/changesets/beta-eel-dig.md', '---\n"b": patch\n---\n\nb\n');
  p.write('.specver/changesets/README.md', 'not a changeset');
  p.write('.specver/changesets/.beta-eel-dig.md.123.abc.tmp', 'partial');
  const old = new Date('2020-01-01T00:00:00Z');
  const same = new Date('2021-01-01T00:00:00Z');
  utimesSync(p.path('.specver/changesets/zeta-cat-run.md'), old, old);
  utimesSync(p.path('.specver/changesets/alpha-dog-sit.md'), same, same);
  utimesSync(p.path('.specver/changesets/beta-eel-dig.md'), same, same);
  const all = await readChangesets(p.dir);
  assert.equal(all.map((c) => c.id), ['zeta-cat-run', 'alpha-dog-sit', 'beta-eel-dig']);
  assert.is(all[1]!.file, '.specver/changesets/alpha-dog-sit.md');
  assert.equal(await changesetsNaming(p.dir, 'b'), ['.specver/changesets/alpha-dog-sit.md', '.specver/changesets/beta-eel-dig.md']);
  assert.equal(await changesetsNaming(p.dir, 'c'), []);
});

test('no changesets directory: no changesets', async () => {
  assert.equal(await readChangesets(emptyProject().dir), []);
});

test.run();
