/**
 * Hostile numbers: literals of 100,000 digits, thousands of colliding big values, long digit runs inside strings
 * of a minified spec, values beyond a double's range. No crash, bounded CPU, deterministic output, nothing written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { measureCpu } from '../helpers/cpu-time.ts';
import { parseSource } from '../../src/load/parse-source.ts';

const schema = (body: string) => `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "number", ${body}}\n`;

async function project(body: string): Promise<TempProject> {
  const p = emptyProject('specver-numbers-');
  p.write('schemas/value.schema.json', schema(body));
  const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir });
  assert.is(init.exitCode, 0, init.stdout + init.stderr);
  return p;
}

/** diff --json twice: same output, no stack, bounded CPU, the project unchanged. */
async function diffTwice(p: TempProject): Promise<any> {
  const before = p.snapshot();
  const { value: first, cpuMs } = await measureCpu(() => runSpecver(['diff', '--json'], { cwd: p.dir }));
  assert.ok(cpuMs < 20_000, `no hang: ${cpuMs} ms of CPU`);
  assert.is(first.exitCode, 0, first.stdout + first.stderr);
  assert.not.match(first.stderr, /\n\s+at /);
  const second = await runSpecver(['diff', '--json'], { cwd: p.dir });
  assert.is(second.stdout, first.stdout, 'deterministic');
  assert.equal(p.snapshot(), before);
  return first.json();
}

const findings = (doc: any): any[] => doc.contracts.flatMap((c: any) => c.findings ?? c.changes ?? []);

test('100,000-digit literals that differ in the last digit are a change', async () => {
  const digits = '7'.repeat(100_000);
  const p = await project(`"maximum": 1.${digits}1, "minimum": -1e99999999999999999999`);
  assert.equal(findings(await diffTwice(p)), []);
  p.write('schemas/value.schema.json', schema(`"maximum": 1.${digits}0, "minimum": -1e99999999999999999999`));
  const changed = findings(await diffTwice(p));
  assert.is(changed.length, 1, JSON.stringify(changed).slice(0, 500));
  assert.match(changed[0].message, /maximum decreased/);
});

test('5,000 enum values that share a few doubles: unchanged is no change, one value more is one change', async () => {
  const values = Array.from({ length: 5000 }, (_, i) => `1000000000000000000000000${String(i).padStart(5, '0')}`);
  const p = await project(`"enum": [${values.join(', ')}]`);
  assert.equal(findings(await diffTwice(p)), []);
  p.write('schemas/value.schema.json', schema(`"enum": [${[...values, '100000000000000000000000005000'].join(', ')}]`));
  const changed = findings(await diffTwice(p));
  assert.is(changed.length, 1);
  assert.match(changed[0].message, /enum value 100000000000000000000000005000 added/);
});

test('a minified spec with thousands of long digit runs in strings records no number', async () => {
  const strings = Array.from({ length: 20_000 }, (_, i) => `"x-id-${i}": "card 4242424242424242 ref 98765432109876543210${i}"`);
  const { value: source, cpuMs } = await measureCpu(() => parseSource(`{${strings.join(',')}}`, '/p/spec.json'));
  assert.ok(cpuMs < 10_000, `no hang: ${cpuMs} ms of CPU`);
  assert.is(source.inexactNumbers, undefined);
});

test('values beyond a double\'s range do not crash the comparison (they compare as infinite)', async () => {
  const p = await project('"maximum": 1e400, "minimum": -1e400');
  assert.equal(findings(await diffTwice(p)), []);
  p.write('schemas/value.schema.json', schema('"maximum": 2e400, "minimum": -1e400'));
  await diffTwice(p);
});

test.run();
