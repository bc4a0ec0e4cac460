/** The sizes of a scaling measure run interleaved, round by round (bench/lib/measure.mjs). No timing. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanupScratch, measureSizes, type Command } from '../../bench/lib/measure.mjs';
import { tempDir } from '../helpers/temp-dir.ts';

/** A command that appends `line` to `log`, exiting with `code`. */
function recorder(id: string, log: string, line: string, code = 0): Command {
  return { id, label: id, command: 'sh', args: ['-c', `printf '%s\\n' "$0" >> "$1"; exit ${code}`, line, log], cwd: '/', okCodes: [0] };
}

test('every round runs every size once, in order; each point keeps its commands under their own ids', async () => {
  const dir = tempDir('specver-measure-sizes-');
  const log = join(dir, 'order.log');
  const points = await measureSizes({ runs: 2, timeoutMs: 30_000 }, 'sizes', 'operations', [10, 20], (size) => ({
    bytes: size * 100,
    commands: [recorder('a', log, `a${size}`), recorder('b', log, `b${size}`)],
  }));
  assert.equal(readFileSync(log, 'utf8').trim().split('\n'), ['a10', 'b10', 'a20', 'b20', 'a10', 'b10', 'a20', 'b20']);
  assert.equal(points.map((p) => [p.operations, p.bytes, Object.keys(p.commands)]), [[10, 1000, ['a', 'b']], [20, 2000, ['a', 'b']]]);
  for (const p of points) for (const [id, summary] of Object.entries(p.commands)) {
    assert.is(summary.label, id, 'the label is the command\'s own, without the size');
    assert.is(summary.status, 'ok');
    assert.is(summary.wallMsByRound.length, 2, 'a wall time per round, for per-round ratios across sizes');
  }
});

test('a command that fails at one size stops there; the same command at another size goes on', async () => {
  const dir = tempDir('specver-measure-sizes-');
  const log = join(dir, 'order.log');
  const points = await measureSizes({ runs: 3, timeoutMs: 30_000 }, 'sizes', 'count', [1, 2], (size) => ({ commands: [recorder('a', log, `a${size}`, size === 1 ? 3 : 0)] }));
  assert.equal(readFileSync(log, 'utf8').trim().split('\n'), ['a1', 'a2', 'a2', 'a2']);
  assert.is(points[0]!.commands.a!.status, 'failed');
  assert.is(points[0]!.count, 1);
  assert.is(points[1]!.commands.a!.okRuns, 3);
});

test.after(cleanupScratch); // the folder of GNU time's reports

test.run();
