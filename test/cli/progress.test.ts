import { mock } from 'node:test';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createContext } from '../../src/cli/context.ts';
import { PROGRESS_DELAY_MS, progressAllowed, withProgress, type SpinnerLike } from '../../src/cli/progress.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { fixtureProject } from '../helpers/temp-project.ts';

const base = { stderrIsTTY: true, json: false, quiet: false, env: {} };

test('progress is allowed only on a terminal, outside --json, --quiet and CI', () => {
  assert.ok(progressAllowed(base));
  assert.not.ok(progressAllowed({ ...base, stderrIsTTY: false }));
  assert.not.ok(progressAllowed({ ...base, json: true }));
  assert.not.ok(progressAllowed({ ...base, quiet: true }));
  assert.not.ok(progressAllowed({ ...base, env: { CI: 'true' } }));
  assert.not.ok(progressAllowed({ ...base, env: { CI: '1' } }));
  assert.ok(progressAllowed({ ...base, env: { CI: 'false' } }));
  assert.not.ok(progressAllowed({ ...base, env: { TERM: 'dumb' } }));
  assert.not.ok(progressAllowed({ ...base, columns: 0 }));
  assert.ok(progressAllowed({ ...base, columns: 100 }));
});

function context(stderrIsTTY: boolean, env: Record<string, string> = {}) {
  let stderr = '';
  const ctx = createContext(
    { cwd: process.cwd(), env, streams: { stdout: { write: () => true }, stderr: { write: (s: string) => ((stderr += s), true), isTTY: stderrIsTTY } } },
    {},
  );
  return { ctx, stderr: () => stderr };
}

function recorder() {
  const events: string[] = [];
  const createSpinner = async (): Promise<SpinnerLike> => ({
    start: (message) => events.push(`start ${message}`),
    clear: () => events.push('clear'),
  });
  return { events, createSpinner };
}

/**
 * A fake clock for withProgress's delay timer (node:test's mock timers replace setTimeout/clearTimeout while
 * installed): the spinner's appearance depends on ticks the test makes, never on how busy the machine is.
 */
function fakeClock() {
  mock.timers.enable({ apis: ['setTimeout'] });
  return {
    tick: (ms: number) => mock.timers.tick(ms),
    restore: () => mock.timers.reset(),
  };
}

/** Lets promise callbacks (the spinner's async creation) run; setImmediate is not faked. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Work that finishes when the test says so. */
function pendingWork<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => ((finish = resolve), (fail = reject)));
  return { work: () => promise, finish, fail };
}

test('slow work on a terminal shows the spinner once the delay has passed, then clears it', async () => {
  const clock = fakeClock();
  try {
    const { ctx } = context(true);
    const { events, createSpinner } = recorder();
    const pending = pendingWork<number>();
    const running = withProgress(ctx, 'Comparing', pending.work, { createSpinner });
    clock.tick(PROGRESS_DELAY_MS - 1);
    await settle();
    assert.equal(events, [], 'not before the delay');
    clock.tick(1);
    await settle();
    assert.equal(events, ['start Comparing']);
    pending.finish(42);
    assert.is(await running, 42);
    assert.equal(events, ['start Comparing', 'clear']);
  } finally {
    clock.restore();
  }
});

test('quick work never starts the spinner, even after the delay', async () => {
  const clock = fakeClock();
  try {
    const { ctx } = context(true);
    const { events, createSpinner } = recorder();
    assert.is(await withProgress(ctx, 'Comparing', async () => 1, { delayMs: 50, createSpinner }), 1);
    clock.tick(1000);
    await settle();
    assert.equal(events, []);
  } finally {
    clock.restore();
  }
});

test('the spinner is cleared when the work fails', async () => {
  const clock = fakeClock();
  try {
    const { ctx } = context(true);
    const { events, createSpinner } = recorder();
    const pending = pendingWork<never>();
    const running = withProgress(ctx, 'Comparing', pending.work, { delayMs: 5, createSpinner });
    clock.tick(5);
    await settle();
    pending.fail(new Error('boom'));
    try {
      await running;
      assert.unreachable('should throw');
    } catch (error) {
      assert.is((error as Error).message, 'boom');
    }
    assert.equal(events, ['start Comparing', 'clear']);
  } finally {
    clock.restore();
  }
});

test('no spinner without a terminal or in CI, even for slow work', async () => {
  const clock = fakeClock();
  try {
    for (const [tty, env] of [[false, {}], [true, { CI: 'true' }]] as const) {
      const { ctx, stderr } = context(tty, env);
      const { events, createSpinner } = recorder();
      const pending = pendingWork<void>();
      const running = withProgress(ctx, 'Comparing', pending.work, { delayMs: 5, createSpinner });
      clock.tick(1000);
      await settle();
      pending.finish();
      await running;
      assert.equal(events, []);
      assert.is(stderr(), '');
    }
  } finally {
    clock.restore();
  }
});

test('a non-terminal diff run prints nothing on stderr', async () => {
  const project = fixtureProject('petstore-initialised');
  for (const argv of [['diff', '--contract', 'petstore'], ['breaking', '--contract', 'petstore'], ['lint', 'petstore']]) {
    const r = await runSpecver(argv, { cwd: project.dir, env: { CI: '' } });
    assert.ok(r.exitCode <= 1, `${argv.join(' ')}: ${r.stderr}`);
    assert.is(r.stderr, '', argv.join(' '));
  }
});

test.run();
