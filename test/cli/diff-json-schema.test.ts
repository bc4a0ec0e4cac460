/**
 * End to end on the example project's JSON Schema contracts: init a temp copy, edit a schema, and check
 * diff (text, --verbose, --json validated against its schema), breaking, changeset --no-interactive and status.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixtureProject, type TempProject } from '../helpers/temp-project.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

async function initialised(): Promise<TempProject> {
  const p = fixtureProject('petstore');
  const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir });
  assert.is(init.exitCode, 0, init.stderr);
  return p;
}

function edit(p: TempProject, file: string, change: (schema: any) => void): void {
  const schema = JSON.parse(p.read(file));
  change(schema);
  p.write(file, `${JSON.stringify(schema, null, 2)}\n`);
}

/** A narrowing change in a shared definition, a widening enum change and an optional property on an open object. */
function editOrderEvent(p: TempProject): void {
  edit(p, 'schemas/order-event.schema.json', (s) => {
    s.$defs.item.properties.quantity.maximum = 100;
    s.properties.type.enum.push('order.returned');
    s.properties.note = { type: 'string' };
  });
}

test('diff reports json-schema changes with rule labels, pointers and file:line', async () => {
  const p = await initialised();
  editOrderEvent(p);
  const text = await runSpecver(['diff', 'order-event', '--verbose'], { cwd: p.dir });
  assert.is(text.exitCode, 0, text.stderr);
  assert.match(text.stdout, /order-event \(json-schema, .*\): 3 changes \(1 breaking, 2 non-breaking, 0 patch\), suggested bump: major/);
  assert.match(text.stdout, /BREAKING .*quantity: maximum 100 added/);
  assert.match(text.stdout, /\[json-schema-maximum-added\]\n\s+at \/\$defs\/item\/properties\/quantity\/maximum \(schemas\/order-event\.schema\.json:\d+\)/);
  assert.match(text.stdout, /non-breaking .*enum value order\.returned added/);
  assert.match(text.stdout, /\[json-schema-property-added-open\]\n\s+at \/properties\/note/);
});

test('diff --json validates against diff.schema.json and carries usedBy for the shared definition', async () => {
  const p = await initialised();
  editOrderEvent(p);
  const result = await runSpecver(['diff', 'order-event', '--format', 'json'], { cwd: p.dir });
  assert.is(result.exitCode, 0, result.stderr);
  const doc = result.json() as any;
  assertValidOutput('diff.schema.json', doc);
  const text = JSON.stringify(doc);
  assert.match(text, /"json-schema-maximum-added"/);
  assert.match(text, /"\/properties\/items\/items"/);
  assert.match(text, /"json-schema-enum-value-added-compatible"/);
});

test('the contract\'s compatibility mode decides: forward turns the widening enum change breaking', async () => {
  const p = await initialised();
  p.write('specver.yaml', p.read('specver.yaml').replace(/(path: schemas\/order-event\.schema\.json\n\s+compatibility:) backward/, '$1 forward'));
  editOrderEvent(p);
  const result = await runSpecver(['breaking', '--contract', 'order-event'], { cwd: p.dir });
  assert.is(result.exitCode, 1, result.stderr);
  assert.match(result.stdout, /\[breaking\] .*enum value order\.returned added/);
  assert.match(result.stdout, /\[non-breaking\] .*quantity: maximum 100 added/);
});

test('breaking exits 0 for a json-schema contract with only compatible changes, 1 with a breaking one', async () => {
  const p = await initialised();
  edit(p, 'schemas/customer.schema.json', (s) => { s.properties.nickname = { type: 'string' }; });
  const quiet = await runSpecver(['breaking', '--contract', 'customer'], { cwd: p.dir });
  assert.is(quiet.exitCode, 0, quiet.stdout + quiet.stderr);
  edit(p, 'schemas/customer.schema.json', (s) => { s.required.push('email'); });
  const loud = await runSpecver(['breaking', '--contract', 'customer'], { cwd: p.dir });
  assert.is(loud.exitCode, 1);
  assert.match(loud.stdout, /\[breaking\] .*email: property became required/);
});

test('changeset --no-interactive and status see json-schema changes', async () => {
  const p = await initialised();
  editOrderEvent(p);
  const before = await runSpecver(['status'], { cwd: p.dir });
  assert.match(before.stdout, /order-event\s+1\.0\.0\s+changes without a changeset \(major detected\)/);
  const changeset = await runSpecver(['changeset', '--no-interactive'], { cwd: p.dir });
  assert.is(changeset.exitCode, 0, changeset.stderr);
  assert.match(changeset.stdout, /order-event: major/);
  const after = await runSpecver(['status'], { cwd: p.dir });
  assert.not.match(after.stdout, /order-event\s+1\.0\.0\s+changes without a changeset/);
});

test('a dialect change with equivalent keywords is a patch', async () => {
  const p = await initialised();
  edit(p, 'schemas/customer.schema.json', (s) => {
    s.$schema = 'https://json-schema.org/draft/2020-12/schema';
    s.$defs = s.definitions;
    delete s.definitions;
    s.properties.address.$ref = '#/$defs/address';
  });
  const result = await runSpecver(['diff', 'customer', '--format', 'json'], { cwd: p.dir });
  const text = JSON.stringify(result.json());
  assert.match(text, /"json-schema-dialect-changed"/);
  assert.not.match(text, /"breaking"\s*:\s*[1-9]/);
  assert.match(text, /"bump"\s*:\s*"patch"/);
});

test.run();
