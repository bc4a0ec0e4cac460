/** Time ratios of commands measured together are taken round by round (bench/lib/measure.mjs). No timing. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pairedRatio, summarize } from '../../bench/lib/measure.mjs';

const run = (wallMs: number) => ({ status: 'ok', message: '', wallMs, rssKb: 1000, cpuS: wallMs / 1000, exitCode: 0, stdoutBytes: 0 });
const failed = { status: 'failed', message: 'exit 3', exitCode: 3, wallMs: 5, rssKb: 1000, cpuS: 0, stdoutBytes: 0 };

test('summarize keeps each round\'s wall time, null where the run failed', () => {
  assert.equal(summarize([run(100), run(120), failed]).wallMsByRound, [100, 120, null]);
});

test('a slow stretch that starts inside a round moves the medians, not the paired ratio', () => {
  // The command is always 1.1x its floor; the machine turns three times slower between the floor's run and the
  // command's run of the third round.
  const floor = summarize([100, 100, 100, 300, 300].map(run));
  const command = summarize([110, 110, 330, 330, 330].map(run));
  assert.ok(Math.abs(command.wallMs!.median / floor.wallMs!.median - 3.3) < 1e-9, 'the ratio of medians');
  assert.ok(Math.abs(pairedRatio(command, floor)! - 1.1) < 1e-9, String(pairedRatio(command, floor)));
});

test('only rounds in which both sides succeeded are paired; none gives null', () => {
  const a = summarize([run(200), failed]);
  const b = summarize([run(100), run(100), run(100)]);
  assert.is(pairedRatio(a, b), 2);
  assert.is(pairedRatio(summarize([failed]), b), null);
  assert.is(pairedRatio(undefined, b), null);
  assert.is(pairedRatio(summarize([run(100), run(300)]), summarize([run(100), run(100)])), 2, 'even count: the mean of the middle two');
});

test.run();
