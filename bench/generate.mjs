#!/usr/bin/env node
/**
 * Synthetic OpenAPI 3.0 specs for the scaling curves: a base document with exactly N operations over shared
 * component schemas (nesting, arrays of refs, enums, a few circular refs), and a revision of it with a number
 * of changes proportional to its size. Deterministic: the same (operations, seed) always gives the same bytes.
 *
 *   node bench/generate.mjs --operations 2000 [--seed 1] [--out bench/.work/synthetic]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const METHODS_PER_RESOURCE = [
  ['collection', 'get'],
  ['collection', 'post'],
  ['item', 'get'],
  ['item', 'put'],
  ['item', 'delete'],
];
const WORDS = ['account', 'invoice', 'charge', 'customer', 'order', 'payment', 'refund', 'product', 'price', 'plan',
  'subscription', 'coupon', 'dispute', 'payout', 'transfer', 'balance', 'event', 'file', 'token', 'source'];
const PRIMITIVES = [
  { type: 'string' },
  { type: 'string', format: 'date-time' },
  { type: 'integer', format: 'int64' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'string', maxLength: 5000 },
];

/** mulberry32: a small, fast, seedable PRNG (the same sequence on every platform). */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const word = (i) => `${WORDS[i % WORDS.length]}${Math.floor(i / WORDS.length) || ''}`;
const pascal = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** An inline object nested `depth` levels deep, so the diff has real subtrees to walk. */
function nestedObject(random, depth, label) {
  const properties = {};
  const count = 2 + Math.floor(random() * 3);
  for (let p = 0; p < count; p++) properties[`${label}_${p}`] = { ...PRIMITIVES[Math.floor(random() * PRIMITIVES.length)] };
  if (depth > 1) properties[`${label}_details`] = nestedObject(random, depth - 1, `${label}d`);
  return { type: 'object', description: `Nested ${label} data.`, properties };
}

/**
 * Component schemas. Schema i refers only to schemas with a lower index (a DAG), except every 40th schema,
 * which refers to itself (`parent`), and every 97th, which points forward to the next one that points back
 * (a two-schema cycle): real specs have both kinds of recursion.
 */
function buildSchemas(random, count) {
  const schemas = {};
  for (let i = 0; i < count; i++) {
    const name = `${pascal(word(i))}Model`;
    const properties = { id: { type: 'string', description: `Unique identifier of the ${word(i)}.` } };
    const required = ['id'];
    const fields = 3 + Math.floor(random() * 6);
    for (let f = 0; f < fields; f++) {
      const key = `field_${f}`;
      const roll = random();
      if (roll < 0.5 || i === 0) properties[key] = { ...PRIMITIVES[Math.floor(random() * PRIMITIVES.length)], description: `Field ${f} of ${name}.` };
      else if (roll < 0.65) properties[key] = ref(`${pascal(word(Math.floor(random() * i)))}Model`);
      else if (roll < 0.78) properties[key] = { type: 'array', items: ref(`${pascal(word(Math.floor(random() * i)))}Model`) };
      else if (roll < 0.9) properties[key] = { type: 'string', enum: ['active', 'pending', 'closed', `state_${i % 7}`] };
      else properties[key] = nestedObject(random, 1 + Math.floor(random() * 3), `n${f}`);
      if (random() < 0.3) required.push(key);
    }
    if (i % 40 === 39) properties.parent = ref(name);
    if (i % 97 === 96 && i + 1 < count) properties.next = ref(`${pascal(word(i + 1))}Model`);
    if (i % 97 === 0 && i > 0) properties.previous = ref(`${pascal(word(i - 1))}Model`);
    schemas[name] = { type: 'object', description: `A ${word(i)} object.`, required, properties };
  }
  schemas.Error = {
    type: 'object',
    required: ['code', 'message'],
    properties: { code: { type: 'string' }, message: { type: 'string' }, param: { type: 'string' } },
  };
  return schemas;
}

function listResponse(model) {
  return {
    type: 'object',
    required: ['data', 'has_more'],
    properties: { data: { type: 'array', items: ref(model) }, has_more: { type: 'boolean' }, url: { type: 'string' } },
  };
}

function operation(resource, kind, method, model) {
  const id = `${method}${pascal(resource)}${kind === 'item' ? 'Item' : 's'}`;
  const op = {
    operationId: id,
    summary: `${method.toUpperCase()} ${resource}`,
    description: `Performs ${method} on ${kind === 'item' ? 'one' : 'the list of'} ${resource}.`,
    tags: [resource.replace(/\d+$/, '')],
    parameters: [],
    responses: {
      200: { description: 'Successful response.', content: { 'application/json': { schema: kind === 'collection' && method === 'get' ? listResponse(model) : ref(model) } } },
      default: { $ref: '#/components/responses/Error' },
    },
  };
  if (kind === 'item') op.parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 5000 } });
  if (kind === 'collection' && method === 'get') op.parameters.push({ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/StartingAfter' });
  if (method === 'post' || method === 'put')
    op.requestBody = { required: true, content: { 'application/json': { schema: ref(model) } } };
  if (method === 'delete') op.responses[200] = { description: 'Deleted.' };
  if (op.parameters.length === 0) delete op.parameters;
  return op;
}

/** The base document with exactly `operations` operations. */
export function generateBase(operations, seed = 1) {
  if (!Number.isInteger(operations) || operations < 1) throw new Error(`operations must be a positive integer, got ${operations}`);
  const random = prng(seed);
  const schemaCount = Math.max(10, Math.ceil(operations / 8));
  const schemas = buildSchemas(random, schemaCount);
  const modelNames = Object.keys(schemas).filter((n) => n !== 'Error');
  const paths = {};
  for (let k = 0; k < operations; k++) {
    const resourceIndex = Math.floor(k / METHODS_PER_RESOURCE.length);
    const [kind, method] = METHODS_PER_RESOURCE[k % METHODS_PER_RESOURCE.length];
    const resource = word(resourceIndex);
    const path = kind === 'collection' ? `/v1/${resource}s` : `/v1/${resource}s/{id}`;
    const model = modelNames[Math.floor(random() * modelNames.length)];
    (paths[path] ??= {})[method] = operation(resource, kind, method, model);
  }
  return {
    openapi: '3.0.3',
    info: { title: `Synthetic API (${operations} operations)`, version: '1.0.0', description: 'Generated for benchmarks.' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: {
      schemas,
      parameters: {
        Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        StartingAfter: { name: 'starting_after', in: 'query', schema: { type: 'string' } },
      },
      responses: { Error: { description: 'Error response.', content: { 'application/json': { schema: ref('Error') } } } },
    },
  };
}

/**
 * The revision: about one change per 100 operations of each kind (breaking, non-breaking and patch), spread
 * over the document, so a doubled spec also has doubled changes.
 */
export function generateRevision(base, seed = 1) {
  const doc = structuredClone(base);
  const random = prng(seed ^ 0x5eed);
  const pathKeys = Object.keys(doc.paths);
  const schemaNames = Object.keys(doc.components.schemas).filter((n) => n !== 'Error');
  const rounds = Math.max(1, Math.round(countOperations(base) / 100));
  const pick = (list) => list[Math.floor(random() * list.length)];
  for (let r = 0; r < rounds; r++) {
    const item = doc.paths[pick(pathKeys)];
    const method = pick(Object.keys(item));
    if (method) item[method].description += ' Updated.'; // patch
    const schema = doc.components.schemas[pick(schemaNames)];
    schema.properties[`added_${r}`] = { type: 'string', description: 'New optional property.' }; // non-breaking / varies by direction
    const other = doc.components.schemas[pick(schemaNames)];
    const enumField = Object.values(other.properties).find((p) => Array.isArray(p.enum));
    if (enumField) enumField.enum.push(`new_state_${r}`);
    const target = doc.components.schemas[pick(schemaNames)];
    const primitive = Object.entries(target.properties).find(([k, p]) => k.startsWith('field_') && p.type === 'string' && !p.enum);
    if (primitive) primitive[1].type = 'integer'; // breaking in both directions
  }
  // One operation removed and one added (breaking / non-breaking).
  const victimPath = pathKeys[Math.floor(pathKeys.length / 2)];
  const victim = Object.keys(doc.paths[victimPath])[0];
  delete doc.paths[victimPath][victim];
  if (Object.keys(doc.paths[victimPath]).length === 0) delete doc.paths[victimPath];
  doc.paths['/v1/added_resources'] = { get: operation('added_resource', 'collection', 'get', schemaNames[0]) };
  doc.info.version = '1.1.0';
  return doc;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Number of operations (path item methods) in an OpenAPI document. */
export function countOperations(doc) {
  let count = 0;
  for (const item of Object.values(doc.paths ?? {})) for (const key of Object.keys(item)) if (HTTP_METHODS.has(key)) count++;
  return count;
}

/** Writes `base.json` and `revision.json` under `<outDir>/<operations>/`; returns their paths. */
export function writeSyntheticPair(outDir, operations, seed = 1) {
  const base = generateBase(operations, seed);
  const revision = generateRevision(base, seed);
  const dir = join(outDir, String(operations));
  mkdirSync(dir, { recursive: true });
  const basePath = join(dir, 'base.json');
  const revisionPath = join(dir, 'revision.json');
  writeFileSync(basePath, `${JSON.stringify(base, null, 2)}\n`);
  writeFileSync(revisionPath, `${JSON.stringify(revision, null, 2)}\n`);
  return { base: basePath, revision: revisionPath };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const operations = Number(arg('operations', '1000'));
  const seed = Number(arg('seed', '1'));
  const out = arg('out', join(fileURLToPath(new URL('.', import.meta.url)), '.work', 'synthetic'));
  const written = writeSyntheticPair(out, operations, seed);
  console.log(`${written.base}\n${written.revision}`);
}
