import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { join, posix } from 'node:path';
import { addContractToText, removeContractFromText, renderInitialConfig } from '../../src/config/edit-config.ts';
import { parseConfig } from '../../src/config/load-config.ts';
import type { ContractConfig } from '../../src/types.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const COMMENTED = readFileSync(join(FIXTURES, 'config/commented.yaml'), 'utf8');
const NEW: ContractConfig = { name: 'customer', format: 'json-schema', path: 'schemas/customer.schema.json', compatibility: 'backward' };
const load = (text: string) => parseConfig(text, '/p/specver.yaml');

test('adding a contract keeps every other byte; the entry follows the existing indentation', () => {
  const added = addContractToText(COMMENTED, NEW);
  const marker = '        compatibility: full   # consumers and producers upgrade independently\n';
  const at = COMMENTED.indexOf(marker) + marker.length;
  const entry = '    -   name: customer\n        format: json-schema\n        path: schemas/customer.schema.json\n        compatibility: backward\n';
  assert.is(added, COMMENTED.slice(0, at) + entry + COMMENTED.slice(at));
  assert.equal(load(added).contracts.map((c) => c.name), ['petstore', 'order-event', 'customer']);
});

test('add then remove gives back the original text byte for byte', () => {
  assert.is(removeContractFromText(addContractToText(COMMENTED, NEW), 'customer'), COMMENTED);
});

test('removing a contract removes its lines and the comment right above it, nothing else', () => {
  const removed = removeContractFromText(COMMENTED, 'order-event');
  const start = COMMENTED.indexOf('    # Events on the bus\n');
  const end = COMMENTED.indexOf('\nrules:');
  assert.is(removed, COMMENTED.slice(0, start) + COMMENTED.slice(end));
  assert.equal(load(removed).contracts.map((c) => c.name), ['petstore']);
  assert.ok(removed.includes('tag: true   # release tags drive deployments'));
});

test('removing the last contract leaves `contracts: []` (still a valid config)', () => {
  const text = removeContractFromText(removeContractFromText(COMMENTED, 'order-event'), 'petstore');
  assert.match(text, /\ncontracts: \[\]\n/);
  assert.equal(load(text).contracts, []);
  assert.ok(text.startsWith(COMMENTED.slice(0, COMMENTED.indexOf('contracts:'))));
});

test('adding to an empty, missing or flow-style contracts list', () => {
  const emptyFlow = addContractToText('versioning: fixed\ncontracts: [] # none yet\ngit: {tag: true}\n', NEW);
  assert.is(emptyFlow, 'versioning: fixed\ncontracts: # none yet\n  - name: customer\n    format: json-schema\n    path: schemas/customer.schema.json\n    compatibility: backward\ngit: {tag: true}\n');
  const nullValue = addContractToText('contracts:\nchangelog: false\n', NEW);
  assert.equal(load(nullValue).contracts.map((c) => c.name), ['customer']);
  assert.ok(nullValue.endsWith('changelog: false\n'));
  const missing = addContractToText('versioning: fixed', NEW);
  assert.ok(missing.startsWith('versioning: fixed\ncontracts:\n  - name: customer\n'));
  const flow = addContractToText('contracts: [{name: a, format: openapi, path: a.yaml}]\n', { name: 'b', format: 'openapi', path: 'my api/b.yaml' });
  assert.is(flow, 'contracts: [{name: a, format: openapi, path: a.yaml}, { name: b, format: openapi, path: "my api/b.yaml" }]\n');
  assert.equal(load(flow).contracts.map((c) => c.path), ['a.yaml', 'my api/b.yaml']);
});

test('paths that YAML would misread are quoted', () => {
  for (const path of ['api/a: b.yaml', '#x.yaml', 'true', '1.0', '0e0', '0x1F', '.inf', '~', 'null', 'a b/c.json', "it's.yaml"]) {
    const text = addContractToText('contracts: []\n', { name: 'x', format: 'openapi', path });
    assert.is(load(text).contracts[0]!.path, path, text);
  }
});

test('a CRLF file keeps its line ends through add and remove', () => {
  const crlf = COMMENTED.replace(/\n/g, '\r\n');
  const added = addContractToText(crlf, NEW);
  assert.not.match(added, /[^\r]\n/);
  assert.equal(load(added).contracts.map((c) => c.name), ['petstore', 'order-event', 'customer']);
  assert.is(removeContractFromText(added, 'customer'), crlf);
});

test('property: adding then removing any contracts, in any order, restores the contracts (and the bytes of a block list)', () => {
  const runs = Number(process.env.SPECVER_FUZZ_RUNS ?? 100);
  const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/);
  // Any text that names a file inside the project (the config refuses the others).
  const path = fc
    .string({ minLength: 1, maxLength: 20 })
    .filter((p) => !/[\0\n\r]/.test(p) && p.trim() === p && !p.startsWith('/') && !['.', '..'].includes(posix.normalize(p).split('/')[0]!));
  const contract = fc.record({ name, format: fc.constantFrom('openapi' as const, 'json-schema' as const), path });
  const base = fc.constantFrom(COMMENTED, 'contracts: []\n', 'versioning: fixed\n', 'contracts:\n  - {name: zz, format: openapi, path: zz.yaml}\n');
  fc.assert(
    fc.property(base, fc.uniqueArray(contract, { selector: (c) => c.name, maxLength: 4 }), fc.boolean(), (text, contracts, reverse) => {
      const before = load(text).contracts;
      const existing = new Set(before.map((c) => c.name));
      const files = new Set(before.map((c) => c.path));
      const fresh = contracts.filter((c) => {
        const file = posix.normalize(c.path).replace(/\/$/, '');
        if (existing.has(c.name) || files.has(file)) return false;
        files.add(file);
        return true;
      });
      let edited = text;
      for (const c of fresh) edited = addContractToText(edited, c);
      const loaded = load(edited).contracts;
      assert.equal(loaded.slice(loaded.length - fresh.length).map((c) => c.name), fresh.map((c) => c.name));
      for (const c of reverse ? [...fresh].reverse() : fresh) edited = removeContractFromText(edited, c.name);
      assert.equal(load(edited).contracts.map((c) => c.name), [...existing]);
      // A block list that keeps at least one entry is edited in place: the text comes back byte for byte.
      if (text === COMMENTED) assert.is(edited, text);
    }),
    { numRuns: runs },
  );
});

test('removing an unknown contract is a ConfigError', () => {
  assert.throws(() => removeContractFromText(COMMENTED, 'nope'), /contract 'nope' is not in specver.yaml/);
});

test('the initial config loads and lists the contracts given', () => {
  const text = renderInitialConfig({ schemaPath: './node_modules/specver/schemas/config.schema.json', versioning: 'fixed', contracts: [NEW] });
  assert.ok(text.startsWith('# yaml-language-server: $schema=./node_modules/specver/schemas/config.schema.json\n'));
  const config = load(text);
  assert.is(config.versioning, 'fixed');
  assert.equal(config.contracts, [NEW]);
  assert.equal(load(renderInitialConfig({ schemaPath: 'x', versioning: 'independent', contracts: [] })).contracts, []);
});

test.run();
