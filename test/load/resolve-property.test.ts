import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpecFromText } from '../../src/load/load.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const RUNS = Number(process.env.SPECVER_FUZZ_RUNS ?? 60);

/** N schemas in $defs, each with properties that refer to random schemas (cycles and chains included). */
const refGraph = fc
  .integer({ min: 1, max: 6 })
  .chain((size) =>
    fc.record({
      size: fc.constant(size),
      edges: fc.array(fc.array(fc.integer({ min: 0, max: size - 1 }), { maxLength: 3 }), { minLength: size, maxLength: size }),
      aliases: fc.array(fc.integer({ min: 0, max: size - 1 }), { maxLength: 3 }),
    }),
  );

test('property: every in-document $ref becomes its target object, cycles included', async () => {
  const project = emptyProject();
  await fc.assert(
    fc.asyncProperty(refGraph, fc.boolean(), async ({ size, edges, aliases }, asYaml) => {
      const defs: Record<string, unknown> = {};
      for (let i = 0; i < size; i++) {
        const properties: Record<string, unknown> = { own: { type: 'string', description: `S${i}` } };
        edges[i].forEach((target, n) => (properties[`p${n}`] = { $ref: `#/$defs/S${target}` }));
        defs[`S${i}`] = { type: 'object', properties };
      }
      // Pure aliases: a def that is only a $ref to a real schema (a chain of length one).
      aliases.forEach((target, n) => (defs[`A${n}`] = { $ref: `#/$defs/S${target}` }));
      const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: defs, $ref: '#/$defs/S0' };
      const text = asYaml ? (await import('yaml')).stringify(schema) : JSON.stringify(schema);
      const spec = await loadSpecFromText(text, join(project.dir, asYaml ? 'g.schema.yaml' : 'g.schema.json'), { projectRoot: project.dir });
      const resolved = spec.document.$defs;
      for (let i = 0; i < size; i++) {
        edges[i].forEach((target, n) => assert.is(resolved[`S${i}`].properties[`p${n}`], resolved[`S${target}`]));
        assert.equal(spec.origin(resolved[`S${i}`])?.pointer, `/$defs/S${i}`);
      }
      aliases.forEach((target, n) => assert.is(resolved[`A${n}`], resolved[`S${target}`]));
    }),
    { numRuns: RUNS },
  );
});

test.run();
