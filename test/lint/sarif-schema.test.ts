import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from '../../src/lint/ajv-instances.ts';
import { draft04ToDraft07 } from '../../src/lint/dialect-map.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { fixtureProject, FIXTURES } from '../helpers/temp-project.ts';

// The official SARIF 2.1.0 schema is draft-04; it is mapped to draft-07 the same way specver maps specs.
const sarifSchema = draft04ToDraft07(JSON.parse(readFileSync(join(FIXTURES, 'schemas/sarif-2.1.0-rtm.5.json'), 'utf8'))) as object;
const validate = createAjv('draft-07').compile(sarifSchema);

test('lint --format sarif validates against the official SARIF 2.1.0 schema, with and without findings', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  const noisy = await runSpecver(['lint', '--format', 'sarif'], { cwd: project.dir });
  const log = noisy.json<any>();
  assert.ok(log.runs[0].results.length > 0, 'the example project has lint findings');
  const valid = validate(JSON.parse(noisy.stdout));
  assert.ok(valid, JSON.stringify(validate.errors?.slice(0, 3)));
  for (const result of log.runs[0].results) {
    const region = result.locations[0].physicalLocation.region;
    assert.ok(region.startLine >= 1, 'every result carries a line');
  }
  const quiet = await runSpecver(['lint', 'order-event', '--format', 'sarif'], { cwd: project.dir });
  assert.ok(validate(quiet.json()), JSON.stringify(validate.errors?.slice(0, 3)));
});

test('an unparsable spec gives a valid SARIF log with its spec-parseable result', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  project.write('schemas/order-event.schema.json', '{"type": "object",');
  const broken = await runSpecver(['lint', 'order-event', '--format', 'sarif'], { cwd: project.dir });
  assert.is(broken.exitCode, 1, broken.stderr);
  const log = broken.json<any>();
  assert.ok(validate(JSON.parse(broken.stdout)), JSON.stringify(validate.errors?.slice(0, 3)));
  assert.equal(log.runs[0].results.map((r: any) => log.runs[0].tool.driver.rules[r.ruleIndex].id), ['spec-parseable']);
});

test('the schema check is not vacuous: a broken log is rejected', () => {
  assert.not.ok(validate({ version: '2.1.0', runs: [{ tool: {} }] }));
  assert.not.ok(validate({ version: '3.0.0', runs: [] }));
});

test.run();
