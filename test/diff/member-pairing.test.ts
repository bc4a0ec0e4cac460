/** Union members pair by the shared schema they are, wherever it is written, not by index or shape. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareSchemas } from '../../src/diff/compare-schemas.ts';
import type { Origin } from '../../src/diff/types.ts';

/** Schemas written in another file (`$ref: './types/block.yaml#/Fork/Block'`), resolved by identity. */
const block = (fork: string, extra: object = {}) => ({ type: 'object', required: ['slot'], properties: { slot: { type: 'string' }, body: { type: 'object' }, ...extra } });

function origins(named: Map<object, string>): (node: object) => Origin | undefined {
  return (node) => (named.has(node) ? { file: `types/${named.get(node)!.split('/')[1]!.toLowerCase()}.yaml`, pointer: named.get(node)! } : undefined);
}

test('a fork member inserted into an anyOf pairs the others by name, not by index', () => {
  const [altair, bellatrix, capella] = [block('Altair'), block('Bellatrix', { payload: { type: 'object' } }), block('Capella', { payload: { type: 'object' }, changes: { type: 'array' } })];
  const [altair2, bellatrix2, blinded2, capella2] = [block('Altair'), block('Bellatrix', { payload: { type: 'object' } }), block('Bellatrix', { header: { type: 'object' } }), block('Capella', { payload: { type: 'object' }, changes: { type: 'array' } })];
  const baseNames = new Map<object, string>([[altair, '/Altair/Block'], [bellatrix, '/Bellatrix/Block'], [capella, '/Capella/Block']]);
  const revisionNames = new Map<object, string>([[altair2, '/Altair/Block'], [bellatrix2, '/Bellatrix/Block'], [blinded2, '/Bellatrix/BlindedBlock'], [capella2, '/Capella/Block']]);
  const changes = compareSchemas({ anyOf: [altair, bellatrix, capella] }, { anyOf: [altair2, bellatrix2, blinded2, capella2] }, {
    direction: 'response', baseOrigin: origins(baseNames), revisionOrigin: origins(revisionNames),
  });
  assert.equal(changes.map((c) => `${c.kind}:${c.action}:${c.context.value}`), ['schema-any-of:added:Bellatrix.BlindedBlock']);
});

test('members written inline still pair by shape', () => {
  const changes = compareSchemas({ anyOf: [{ type: 'string' }, { type: 'object', properties: { a: {} } }] }, { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object', properties: { a: {} } }] }, { direction: 'response' });
  assert.equal(changes.map((c) => `${c.kind}:${c.action}:${c.context.value}`), ['schema-any-of:added:integer']);
});

test.run();
