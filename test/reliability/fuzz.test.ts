/**
 * Property tests (fast-check, fixed seed): random OpenAPI 2.0 / 3.0 / 3.1 documents and random mutations of
 * them, run through the library (load + classify) rather than the CLI for speed.
 * Runs: SPECVER_FUZZ_RUNS (40 by default; `npm run fuzz` sets 2000).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { classifySpecs } from '../../src/classify/classify.ts';
import { summarize } from '../../src/classify/summary.ts';
import type { Finding } from '../../src/classify/types.ts';
import { isSpecverError } from '../../src/errors.ts';
import type { Comparison } from '../../src/pipeline/comparison.ts';
import { diffJson } from '../../src/report/diff-json.ts';
import { loadSpecFromText } from '../../src/load/load.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';
import { cpuMs } from '../helpers/cpu-time.ts';

const RUNS = Number(process.env.SPECVER_FUZZ_RUNS ?? 40);
const SEED = 20261122;
const ROOT = join(tmpdir(), 'specver-fuzz');
const TODAY = new Date('2026-03-04T00:00:00Z');
/** Per-document bound in CPU time (generous): loading and classifying one small pair takes a few ms. */
const MAX_CPU_MS = 5000;

type Version = '2.0' | '3.0' | '3.1';
type Json = any;

// --- Generators -------------------------------------------------------------------------------------

const NAMES = ['id', 'name', 'tag', 'count', 'owner', 'status', 'price', 'createdAt'];
const PATHS = ['/pets', '/pets/{id}', '/users', '/users/{userId}/pets', '/orders', '/orders/{orderId}/items'];
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const PRIMITIVES = ['string', 'integer', 'number', 'boolean'] as const;

const primitiveSchema = fc.constantFrom(...PRIMITIVES).chain((type) =>
  fc.record(
    {
      type: fc.constant(type),
      enum: type === 'string' ? fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 }) : fc.constant(undefined),
      maximum: type === 'integer' || type === 'number' ? fc.integer({ min: 0, max: 100 }) : fc.constant(undefined),
      minimum: type === 'integer' || type === 'number' ? fc.integer({ min: -10, max: 0 }) : fc.constant(undefined),
      maxLength: type === 'string' ? fc.integer({ min: 1, max: 50 }) : fc.constant(undefined),
      description: fc.constantFrom('x', 'y'),
    },
    { requiredKeys: ['type'] },
  ),
);

const schema: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    primitiveSchema,
    fc
      .uniqueArray(fc.constantFrom(...NAMES), { maxLength: 4 })
      .chain((names) =>
        fc.record({
          type: fc.constant('object'),
          properties: fc.tuple(...names.map(() => tie('node'))).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]]))),
          required: fc.subarray(names),
        }),
      ),
    fc.record({ type: fc.constant('array'), items: tie('node'), maxItems: fc.integer({ min: 1, max: 20 }) }),
  ),
})).node;

const parameter = fc.record({ name: fc.constantFrom(...NAMES), required: fc.boolean(), schema: primitiveSchema });
const operation = fc.record({
  summary: fc.constantFrom('List', 'Get', 'Do'),
  parameters: fc.uniqueArray(parameter, { maxLength: 3, selector: (p) => p.name }),
  body: fc.option(schema, { nil: undefined }),
  response: schema,
});
const apiModel = fc.record({
  version: fc.constantFrom<Version>('2.0', '3.0', '3.1'),
  paths: fc.uniqueArray(fc.record({ path: fc.constantFrom(...PATHS), ops: fc.uniqueArray(fc.tuple(fc.constantFrom(...METHODS), operation), { minLength: 1, maxLength: 3, selector: ([m]) => m }) }), { minLength: 1, maxLength: 4, selector: (p) => p.path }),
  shared: schema,
});
type ApiModel = typeof apiModel extends fc.Arbitrary<infer T> ? T : never;

/** Renders the model as an OpenAPI document of its version; the shared schema is used through $refs. */
function render(model: ApiModel): Json {
  const v = model.version;
  const ref = v === '2.0' ? '#/definitions/Shared' : '#/components/schemas/Shared';
  const nullable = (s: Json) => (v === '3.1' && typeof s.type === 'string' && s.type !== 'object' ? { ...s, type: [s.type, 'null'] } : s);
  const paths: Json = {};
  for (const { path, ops } of model.paths) {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    paths[path] = {};
    for (const [method, op] of ops) {
      const parameters: Json[] = params.map((name) =>
        v === '2.0' ? { name, in: 'path', required: true, type: 'string' } : { name, in: 'path', required: true, schema: { type: 'string' } },
      );
      for (const p of op.parameters.filter((p) => !params.includes(p.name))) {
        parameters.push(v === '2.0' ? { name: p.name, in: 'query', required: p.required, ...p.schema } : { name: p.name, in: 'query', required: p.required, schema: nullable(p.schema) });
      }
      const out: Json = { summary: op.summary, parameters, responses: {} };
      const responseSchema = { type: 'object', properties: { data: op.response, shared: { $ref: ref } } };
      if (v === '2.0') {
        if (op.body) parameters.push({ name: 'body', in: 'body', required: true, schema: op.body });
        out.responses['200'] = { description: 'ok', schema: responseSchema };
      } else {
        if (op.body) out.requestBody = { required: true, content: { 'application/json': { schema: op.body } } };
        out.responses['200'] = { description: 'ok', content: { 'application/json': { schema: responseSchema } } };
      }
      paths[path][method] = out;
    }
  }
  const info = { title: 'Fuzz', version: '1' };
  if (v === '2.0') return { swagger: '2.0', info, paths, definitions: { Shared: model.shared } };
  return { openapi: v === '3.0' ? '3.0.3' : '3.1.0', info, paths, components: { schemas: { Shared: model.shared } } };
}

// --- Mutations ----------------------------------------------------------------------------------------

const mutation = fc.record({
  kind: fc.constantFrom(
    'add-path', 'remove-path', 'rename-path', 'add-param', 'remove-param', 'toggle-param-required',
    'add-property', 'remove-property', 'rename-property', 'toggle-required', 'change-type',
    'add-enum', 'remove-enum', 'change-maximum', 'change-max-length', 'remove-operation',
  ),
  pick: fc.nat(),
  value: fc.integer({ min: -5, max: 200 }),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** Every schema object in the document (nodes with a `type`, not 2.0 parameters, which carry `in`). */
function schemasOf(doc: Json): Json[] {
  const found: Json[] = [];
  const walk = (node: Json) => {
    if (typeof node !== 'object' || node === null) return;
    if (node.type !== undefined && typeof node.type !== 'object' ? !('in' in node) : Array.isArray(node.type)) found.push(node);
    for (const child of Object.values(node)) walk(child);
  };
  walk(doc);
  return found;
}

function operationsOf(doc: Json): Json[] {
  return Object.values(doc.paths as Json).flatMap((item: Json) => Object.values(item));
}

function mutate(doc: Json, m: Mutation): void {
  const pick = <T>(list: T[]): T | undefined => (list.length === 0 ? undefined : list[m.pick % list.length]);
  const paths = Object.keys(doc.paths);
  const schemas = schemasOf(doc);
  const objects = schemas.filter((s) => s.type === 'object');
  const ops = operationsOf(doc);
  switch (m.kind) {
    case 'add-path':
      doc.paths[`/new${m.value}`] = { get: { responses: { '200': { description: 'new' } } } };
      break;
    case 'remove-path': {
      const path = pick(paths);
      if (path && paths.length > 1) delete doc.paths[path];
      break;
    }
    case 'rename-path': {
      const path = pick(paths);
      if (path && !path.includes('{')) (doc.paths[`${path}-v${m.value}`] = doc.paths[path]), delete doc.paths[path];
      break;
    }
    case 'add-param': {
      const op = pick(ops);
      if (op) op.parameters = [...(op.parameters ?? []).filter((p: Json) => p.name !== `p${m.value}`), doc.swagger ? { name: `p${m.value}`, in: 'query', type: 'string', required: m.value % 2 === 0 } : { name: `p${m.value}`, in: 'query', required: m.value % 2 === 0, schema: { type: 'string' } }];
      break;
    }
    case 'remove-param': {
      const op = pick(ops);
      const query = (op?.parameters ?? []).filter((p: Json) => p.in === 'query');
      if (query.length > 0) op.parameters = op.parameters.filter((p: Json) => p !== query[m.value % query.length]);
      break;
    }
    case 'toggle-param-required': {
      const params = ops.flatMap((op) => (op.parameters ?? []).filter((p: Json) => p.in === 'query'));
      const param = pick(params);
      if (param) param.required = !param.required;
      break;
    }
    case 'add-property': {
      const s = pick(objects);
      if (s) (s.properties ??= {})[`extra${m.value}`] = { type: 'string' };
      break;
    }
    case 'remove-property': {
      const s = pick(objects);
      const names = Object.keys(s?.properties ?? {});
      if (names.length > 0) {
        const name = names[m.value % names.length]!;
        delete s.properties[name];
        if (Array.isArray(s.required)) s.required = s.required.filter((r: string) => r !== name);
      }
      break;
    }
    case 'rename-property': {
      const s = pick(objects);
      const names = Object.keys(s?.properties ?? {});
      if (names.length > 0) {
        const name = names[m.value % names.length]!;
        s.properties[`${name}Renamed`] = s.properties[name];
        delete s.properties[name];
        if (Array.isArray(s.required)) s.required = s.required.map((r: string) => (r === name ? `${name}Renamed` : r));
      }
      break;
    }
    case 'toggle-required': {
      const s = pick(objects);
      const names = Object.keys(s?.properties ?? {});
      if (names.length > 0) {
        const name = names[m.value % names.length]!;
        const required: string[] = s.required ?? [];
        s.required = required.includes(name) ? required.filter((r) => r !== name) : [...required, name];
      }
      break;
    }
    case 'change-type': {
      const s = pick(schemas.filter((x) => x.type !== 'object' && x.type !== 'array'));
      if (s) {
        const next = PRIMITIVES[Math.abs(m.value) % PRIMITIVES.length]!;
        s.type = Array.isArray(s.type) ? [next, 'null'] : next;
        for (const key of ['enum', 'maximum', 'minimum', 'maxLength']) delete s[key];
      }
      break;
    }
    case 'add-enum': {
      const s = pick(schemas.filter((x) => Array.isArray(x.enum)));
      if (s && !s.enum.includes(`v${m.value}`)) s.enum.push(`v${m.value}`);
      break;
    }
    case 'remove-enum': {
      const s = pick(schemas.filter((x) => Array.isArray(x.enum) && x.enum.length > 1));
      if (s) s.enum.splice(m.value % s.enum.length >= 0 ? Math.abs(m.value) % s.enum.length : 0, 1);
      break;
    }
    case 'change-maximum': {
      const s = pick(schemas.filter((x) => x.maximum !== undefined || x.type === 'integer' || x.type === 'number'));
      if (s) s.maximum = m.value;
      break;
    }
    case 'change-max-length': {
      const s = pick(schemas.filter((x) => x.type === 'string' || (Array.isArray(x.type) && x.type[0] === 'string')));
      if (s) s.maxLength = Math.abs(m.value) + 1;
      break;
    }
    case 'remove-operation': {
      const path = pick(paths);
      const methods = Object.keys(doc.paths[path!] ?? {});
      if (path && methods.length > 1) delete doc.paths[path][methods[m.value % methods.length >= 0 ? Math.abs(m.value) % methods.length : 0]!];
      break;
    }
  }
}

// --- Running the library ------------------------------------------------------------------------------

async function load(doc: Json, encoding: 'json' | 'yaml', name: string) {
  const text = encoding === 'json' ? JSON.stringify(doc, null, 2) : stringify(doc);
  return loadSpecFromText(text, join(ROOT, `${name}.${encoding}`), { projectRoot: ROOT, expectedFormat: 'openapi' });
}

async function classify(before: Json, after: Json, encoding: 'json' | 'yaml' = 'json'): Promise<Finding[]> {
  const started = cpuMs();
  const base = await load(before, encoding, 'base');
  const revision = await load(after, encoding, 'revision');
  const findings = await classifySpecs(base, revision, { today: TODAY, relativeTo: ROOT });
  const spent = cpuMs() - started;
  assert.ok(spent < MAX_CPU_MS, `one document pair took ${spent} ms of CPU`);
  return findings;
}

/** Only typed errors may escape; anything else is a crash. */
async function noCrash<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (isSpecverError(error)) return undefined;
    throw error;
  }
}

// `sides` names each side's file (base.yaml or base.json); its pointers are compared through `location`.
const withoutPositions = (findings: Finding[]) => findings.map(({ file, line, sides, ...rest }) => rest);
const options = (offset: number) => ({ seed: SEED + offset, numRuns: RUNS, endOnFailure: true });
const pair = fc.tuple(apiModel, fc.array(mutation, { minLength: 1, maxLength: 5 }));
function mutated(model: ApiModel, mutations: Mutation[]): { before: Json; after: Json } {
  const before = render(model);
  const after = structuredClone(before);
  for (const m of mutations) mutate(after, m);
  return { before, after };
}

test('diff(a, a) is empty for every generated document (2.0, 3.0, 3.1)', async () => {
  await fc.assert(
    fc.asyncProperty(apiModel, async (model) => {
      const doc = render(model);
      const findings = await noCrash(() => classify(doc, structuredClone(doc)));
      assert.ok(findings, 'a generated document loads');
      assert.equal(findings, []);
    }),
    options(1),
  );
});

test('random mutations: no crash, bounded time, deterministic, every change classified, valid JSON output', async () => {
  let loaded = 0;
  let changed = 0;
  await fc.assert(
    fc.asyncProperty(pair, async ([model, mutations]) => {
      const { before, after } = mutated(model, mutations);
      const first = await noCrash(() => classify(before, after));
      if (!first) return;
      loaded++;
      if (first.length > 0) changed++;
      const second = await classify(structuredClone(before), structuredClone(after));
      assert.equal(second, first, 'same input, same findings');
      const unclassified = first.filter((f) => f.rule === 'unclassified');
      assert.equal(unclassified, [], 'every raw change has a rule');
      const comparison: Comparison = {
        contract: { name: 'fuzz', format: 'openapi', path: 'api/fuzz.json' },
        base: { label: 'fuzz@1.0.0', version: '1.0.0', file: '.specver/snapshots/fuzz@1.0.0.json' },
        hasBase: true,
        findings: first,
        summary: summarize(first),
      };
      assertValidOutput('diff.schema.json', diffJson([comparison], 'all'));
    }),
    options(2),
  );
  // Not vacuous: the generated pairs load and the mutations are seen as changes.
  assert.ok(loaded >= RUNS * 0.9, `only ${loaded} of ${RUNS} pairs loaded`);
  assert.ok(changed >= RUNS * 0.5, `only ${changed} of ${RUNS} pairs had changes`);
});

test('YAML and JSON encodings of the same documents give the same findings (file/line aside)', async () => {
  await fc.assert(
    fc.asyncProperty(pair, async ([model, mutations]) => {
      const { before, after } = mutated(model, mutations);
      const json = await noCrash(() => classify(before, after, 'json'));
      const yaml = await noCrash(() => classify(before, after, 'yaml'));
      assert.equal(yaml === undefined, json === undefined, 'both load, or both fail');
      if (json && yaml) assert.equal(withoutPositions(yaml), withoutPositions(json));
    }),
    options(3),
  );
});

test.run();
