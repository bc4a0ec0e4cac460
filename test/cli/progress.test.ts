import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createContext } from '../../src/cli/context.ts';
import { progressAllowed, withProgress, type SpinnerLike } from '../../src/cli/progress.ts';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('slow work on a terminal shows the spinner, then clears it', async () => {
  const { ctx } = context(true);
  const { events, createSpinner } = recorder();
  const value = await withProgress(ctx, 'Comparing', async () => (await sleep(80), 42), { delayMs: 10, createSpinner });
  assert.is(value, 42);
  assert.equal(events, ['start Comparing', 'clear']);
});

test('quick work never starts the spinner', async () => {
  const { ctx } = context(true);
  const { events, createSpinner } = recorder();
  await withProgress(ctx, 'Comparing', async () => 1, { delayMs: 50, createSpinner });
  await sleep(80);
  assert.equal(events, []);
});

test('the spinner is cleared when the work fails', async () => {
  const { ctx } = context(true);
  const { events, createSpinner } = recorder();
  try {
    await withProgress(ctx, 'Comparing', async () => {
      await sleep(60);
      throw new Error('boom');
    }, { delayMs: 5, createSpinner });
    assert.unreachable('should throw');
  } catch (error) {
    assert.is((error as Error).message, 'boom');
  }
  assert.equal(events, ['start Comparing', 'clear']);
});

test('no spinner without a terminal or in CI, even for slow work', async () => {
  for (const [tty, env] of [[false, {}], [true, { CI: 'true' }]] as const) {
    const { ctx, stderr } = context(tty, env);
    const { events, createSpinner } = recorder();
    await withProgress(ctx, 'Comparing', () => sleep(40), { delayMs: 5, createSpinner });
    assert.equal(events, []);
    assert.is(stderr(), '');
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
