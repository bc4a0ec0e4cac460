import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { workerCount, PARALLEL_THRESHOLD } from '../../src/pipeline/compare-parallel.ts';
import { reviveError, serializeError } from '../../src/pipeline/worker-protocol.ts';
import { runBuiltSpecver, runSpecver, type CliResult } from '../helpers/run-cli.ts';
import { emptyProject } from '../helpers/temp-project.ts';
import { limitSpec as spec } from '../helpers/limit-spec.ts';

test('workerCount: in-process below the threshold or on one core; at most one worker per core', () => {
  assert.is(workerCount(PARALLEL_THRESHOLD - 1, 8, {}), 0);
  assert.is(workerCount(200, 1, {}), 0);
  assert.is(workerCount(200, 2, {}), 2);
  assert.is(workerCount(8, 4, {}), 2);
  assert.is(workerCount(10, 2, { SPECVER_WORKERS: '0' }), 0);
  assert.is(workerCount(3, 2, { SPECVER_WORKERS: '2' }), 2);
});

test('typed errors survive the trip through a worker', () => {
  const revived = reviveError(serializeError(new ConfigError('bad spec', { file: 'api/x.yaml', line: 3, hint: 'fix it' })));
  assert.instance(revived, ConfigError);
  assert.is((revived as ConfigError).located, 'api/x.yaml:3: bad spec');
  assert.is((revived as ConfigError).hint, 'fix it');
});

test('many contracts: worker threads give the same report as one thread, in config order', async () => {
  const project = emptyProject();
  const count = 10;
  for (let i = 0; i < count; i++) project.write(`api/svc-${String(i).padStart(2, '0')}.yaml`, spec(`svc ${i}`, 100));
  const init = await runSpecver(['init', '--json'], { cwd: project.dir });
  assert.is(init.exitCode, 0, init.stderr);
  for (let i = 0; i < count; i += 3) project.write(`api/svc-${String(i).padStart(2, '0')}.yaml`, spec(`svc ${i}`, 50));
  // In-process the worker count comes from the process environment, not from the run's (as in parse-cache.test.ts).
  process.env.SPECVER_WORKERS = '0';
  let serial: CliResult;
  try {
    serial = await runSpecver(['diff', '--json'], { cwd: project.dir });
  } finally {
    delete process.env.SPECVER_WORKERS;
  }
  // Worker threads in the built CLI, as users run it: from src/ each thread would compile the sources first.
  const parallel = await runBuiltSpecver(['diff', '--json'], { cwd: project.dir, env: { SPECVER_WORKERS: '2' } });
  assert.is(parallel.exitCode, 0, parallel.stderr);
  assert.equal(parallel.json(), serial.json());
  const names = parallel.json().contracts.map((c: { name: string }) => c.name);
  assert.equal(names, [...names].sort());
  assert.is(parallel.json().summary.breaking, 4);
});

test('an error in a worker is reported like any other: one line, exit 2', async () => {
  const project = emptyProject();
  for (let i = 0; i < 9; i++) project.write(`api/svc-${i}.yaml`, spec(`svc ${i}`, 100));
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  project.write('api/svc-4.yaml', 'openapi: 3.0.3\ninfo: [broken\n');
  const r = await runBuiltSpecver(['breaking'], { cwd: project.dir, env: { SPECVER_WORKERS: '2' } });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: .*svc-4\.yaml:\d+/);
  assert.not.match(r.stderr, /\n\s+at /);
});

test.run();
