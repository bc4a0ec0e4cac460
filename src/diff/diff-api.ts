/**
 * The structural diff of two OpenAPI documents: operations, parameters, request bodies, responses and
 * security per operation, then document-level parts. Schemas go through the one comparator.
 */
import { extended } from '../toolkit/extended.ts';
import { stabilityMove } from './stability.ts';
import type { LoadedSpec, OpenApiVersion } from '../load/types.ts';
import { ToolError } from '../errors.ts';
import type { ChangeContext, Direction, RawChange } from './types.ts';
import { normalizeOpenApi, syntheticPointer, type ApiModel, type MediaModel, type OperationModel, type ParameterModel, type ResponseModel } from '../normalize/openapi.ts';
import { SchemaComparator } from './compare-schemas.ts';
import { pairByKey } from './pair.ts';
import { pairMediaTypes, parameterChanges, parseMediaType, type MediaPairing } from './media-types.ts';
import { arrayShift, isPrimitive, scalarTypes } from './parameter-shape.ts';
import { ChangeRecorder } from './recorder.ts';
import { mediaSchemaPairs } from './item-schemas.ts';
import { diffDocument } from './diff-document.ts';
import { diffSecurity } from './diff-security.ts';
import { diffEncoding } from './encoding.ts';
import { STABILITY_LEVELS, applyLifecycle, isStabilityLevel, lifecycleOf, sunsetMove, type LifecyclePolicy, type StabilityLevel } from './lifecycle.ts';
import { compareCodePoints } from '../toolkit/values.ts';
import { readsJsonSchema202012 } from '../toolkit/openapi.ts';
import { componentNamesIn } from './component-names.ts';

export interface DiffOptions { today: Date; lifecycle?: LifecyclePolicy }

interface OpDiff {
  rec: ChangeRecorder;
  schemas: SchemaComparator;
  ctx: ChangeContext;
  use: string;
  /** Request-side direction (swapped for webhooks and callbacks, which the API sends). */
  request: Direction;
  response: Direction;
  baseVersion: OpenApiVersion;
  revisionVersion: OpenApiVersion;
}

const OP_EXTENSIONS_WITH_MEANING = ['x-sunset', 'x-stability-level'];

export function diffApi(base: LoadedSpec, revision: LoadedSpec, options: DiffOptions): RawChange[] {
  if (base.kind.format !== 'openapi' || revision.kind.format !== 'openapi') {
    throw new ToolError(`${revision.path}: only OpenAPI documents are classified by this stage (got ${base.kind.format} and ${revision.kind.format})`, {
      file: revision.path, hint: 'JSON Schema contracts are compared with compareSchemas(..., { direction: \'standalone\' })',
    });
  }
  const bm = normalizeOpenApi(base.document, base.kind.version);
  const rm = normalizeOpenApi(revision.document, revision.kind.version);
  const rec = new ChangeRecorder(base, revision);
  const schemas = new SchemaComparator({
    baseOrigin: (node, at) => originIn(base, node, at), revisionOrigin: (node, at) => originIn(revision, node, at),
    baseKeyOrigin: (node, key, at) => keyOriginIn(base, node, key, at), revisionKeyOrigin: (node, key, at) => keyOriginIn(revision, node, key, at),
    baseRefUrl: (node) => base.refUrl?.(node), revisionRefUrl: (node) => revision.refUrl?.(node),
    baseComponentNames: componentNamesIn(base.document), revisionComponentNames: componentNamesIn(revision.document),
    baseNullableKeyword: !readsJsonSchema202012(base.kind.version), revisionNullableKeyword: !readsJsonSchema202012(revision.kind.version),
    baseSharedNodes: base.sharedNodes, revisionSharedNodes: revision.sharedNodes,
  });
  const ops = pairByKey(bm.operations, rm.operations);
  for (const [, op] of ops.removed) {
    rec.add('operation', 'removed', { node: op.node, pointer: op.pointer }, undefined, { ...opContext(op), ...lifecycleOf(op.node) });
  }
  for (const [, op] of ops.added) {
    rec.add('operation', 'added', undefined, { node: op.node, pointer: op.pointer }, { ...opContext(op), deprecated: op.node.deprecated === true });
  }
  const sameContext = sameSchemaReading(bm.version, rm.version) && sameDocumentContext(bm.root, rm.root, schemas.sameStructure);
  for (const [, b, r] of ops.both) {
    if (sameContext && unchangedOperation(b, r, schemas.sameStructure)) continue;
    const swapped = r.role !== undefined;
    diffOperation(b, r, bm, rm, {
      rec, schemas, ctx: opContext(r, b), use: `${r.method} ${r.path}`,
      request: swapped ? 'response' : 'request', response: swapped ? 'request' : 'response',
      baseVersion: bm.version, revisionVersion: rm.version,
    }, options);
  }
  diffDocument(bm, rm, rec);
  return applyLifecycle([...rec.result(), ...schemas.changes()], options.today, options.lifecycle);
}

type SameStructure = (x: unknown, y: unknown) => boolean;

/** Two versions read the same document alike: equal, or 3.1 and 3.2 (one JSON Schema dialect, one model). */
function sameSchemaReading(base: string, revision: string): boolean {
  return base === revision || (readsJsonSchema202012(base) && readsJsonSchema202012(revision));
}

/**
 * The document-level values an operation's model inherits (security; Swagger 2.0 consumes/produces) are equal,
 * and both documents are read under the same OpenAPI version (3.0 and 3.1 read `nullable` differently).
 */
function sameDocumentContext(base: any, revision: any, same: SameStructure): boolean {
  return ['security', 'consumes', 'produces'].every((key) => same(base[key], revision[key]));
}

/**
 * An operation whose path item (its own node, the path-level parameters and servers) is structurally equal on
 * both sides, at the same path, has no change to report: skipped without walking it. Hashes see resolved
 * $refs, so a changed component the operation uses makes it unequal; one that reaches a cycle is always walked.
 */
function unchangedOperation(b: OperationModel, r: OperationModel, same: SameStructure): boolean {
  return b.path === r.path && b.role === r.role && same(b.pathItem, r.pathItem);
}

function originIn(spec: LoadedSpec, node: object, at?: string) {
  // A schema built from Swagger 2.0 parameter keywords is in no document: its pointer is known without a search.
  const synthetic = syntheticPointer(node);
  if (synthetic !== undefined) return { file: '', pointer: synthetic };
  const origin = spec.origin(node, at);
  if (!origin) return undefined;
  return origin.file === spec.path ? { file: '', pointer: origin.pointer } : origin;
}

function keyOriginIn(spec: LoadedSpec, node: object, key: string, at?: string) {
  if (syntheticPointer(node) !== undefined) return undefined;
  const origin = spec.keyOrigin?.(node, key, at);
  if (!origin) return undefined;
  return origin.file === spec.path ? { file: '', pointer: origin.pointer } : origin;
}

function opContext(op: OperationModel, base?: OperationModel): ChangeContext {
  const stability = (base ?? op).node['x-stability-level'];
  return {
    method: op.method, path: op.path, ...(op.role ? { operationRole: op.role } : {}),
    ...(stability === undefined || stability === null ? {} : { stability: String(stability) }),
  };
}

type Located = { node: any; pointer: string };
/** Sunset moves of one element (x-sunset added, removed, earlier, later, unreadable). */
function diffSunset(kind: 'operation-sunset' | 'parameter-sunset' | 'response-header-sunset' | 'media-type-sunset', b: Located, r: Located, rec: ChangeRecorder, ctx: ChangeContext, deprecatedKey?: string): void {
  const move = sunsetMove(lifecycleOf(b.node).sunset, lifecycleOf(r.node).sunset);
  if (!move) return;
  const at = (s: Located) => (s.node?.['x-sunset'] === undefined ? s : { pointer: `${s.pointer}/x-sunset` });
  rec.add(kind, move.action, at(b), at(r), { ...ctx, field: 'x-sunset', ...lifecycleOf(r.node, deprecatedKey), ...move.context });
}

function diffOperation(b: OperationModel, r: OperationModel, bm: ApiModel, rm: ApiModel, d: OpDiff, options: DiffOptions): void {
  const { rec, ctx } = d;
  const bs = { node: b.node, pointer: b.pointer };
  const rs = { node: r.node, pointer: r.pointer };
  if ((b.node.deprecated === true) !== (r.node.deprecated === true)) {
    const added = r.node.deprecated === true;
    rec.add('operation-deprecated', added ? 'added' : 'removed', bs, rs, { ...ctx, ...lifecycleOf(r.node) });
  }
  rec.field('operation-id', 'operationId', bs, rs, ctx);
  rec.field('operation-summary', 'summary', bs, rs, ctx);
  rec.field('operation-description', 'description', bs, rs, ctx);
  rec.field('external-docs', 'externalDocs', bs, rs, ctx);
  diffSunset('operation-sunset', bs, rs, rec, ctx);
  diffStability(b, r, d);
  rec.extensions(bs, rs, ctx, OP_EXTENSIONS_WITH_MEANING);
  const bt = new Set<string>(Array.isArray(b.node.tags) ? b.node.tags.map(String) : []);
  const rt = new Set<string>(Array.isArray(r.node.tags) ? r.node.tags.map(String) : []);
  for (const tag of [...rt].sort()) if (!bt.has(tag)) rec.add('operation-tag', 'added', bs, { pointer: `${r.pointer}/tags` }, { ...ctx, value: tag });
  for (const tag of [...bt].sort()) if (!rt.has(tag)) rec.add('operation-tag', 'removed', { pointer: `${b.pointer}/tags` }, rs, { ...ctx, value: tag });
  const servers = pairByKey(new Map(b.servers.map((s) => [s, s])), new Map(r.servers.map((s) => [s, s])));
  for (const [url] of servers.added) rec.add('operation-server', 'added', bs, { pointer: `${r.pointer}/servers` }, { ...ctx, value: url });
  for (const [url] of servers.removed) rec.add('operation-server', 'removed', { pointer: `${b.pointer}/servers` }, rs, { ...ctx, value: url });
  diffSecurity(b, r, rec, extended(ctx, { direction: d.request }));
  diffParameters(b, r, d, options);
  diffRequestBody(b, r, d);
  diffResponses(b, r, d);
}

/** No x-stability-level means stable; an unknown level is compared by text and flagged, never ranked. */
function diffStability(b: OperationModel, r: OperationModel, d: OpDiff): void {
  const before = b.node['x-stability-level'] ?? 'stable';
  const after = r.node['x-stability-level'] ?? 'stable';
  if (before === after) return;
  const known = isStabilityLevel(before) && isStabilityLevel(after);
  const rank = (v: StabilityLevel) => STABILITY_LEVELS.indexOf(v);
  const action = !known ? 'changed' : rank(after) > rank(before) ? 'increased' : 'decreased';
  d.rec.add('operation-stability', action, { node: b.node, pointer: b.pointer }, { pointer: `${r.pointer}/x-stability-level` }, { ...d.ctx, ...(known ? {} : { stabilityInvalid: true }) }, {
    before, after,
  });
}

function paramContext(p: ParameterModel, d: OpDiff): ChangeContext {
  return extended(d.ctx, { direction: d.request, in: p.in, name: p.name, subject: `${p.in} parameter ${p.name}`, required: p.required, deprecated: p.deprecated });
}

function diffParameters(b: OperationModel, r: OperationModel, d: OpDiff, options: DiffOptions): void {
  const { rec } = d;
  const params = pairByKey(b.parameters, r.parameters);
  // A parameter that only moved (query -> header) is one change, not a removal plus an addition.
  const moved = new Set<string>();
  for (const [bk, bp] of params.removed) {
    // The whole query string (3.2 `in: querystring`) is no named value: it never moves to or from a location.
    if (bp.in === 'querystring') continue;
    const match = params.added.find(([rk, rp]) => !moved.has(rk) && rp.in !== 'querystring' && rp.name.toLowerCase() === bp.name.toLowerCase() && rp.in !== bp.in);
    if (!match) continue;
    moved.add(bk).add(match[0]);
    rec.add('parameter-location', 'changed', { node: bp.node, pointer: bp.pointer }, { node: match[1].node, pointer: match[1].pointer }, { ...paramContext(match[1], d), from: bp.in, to: match[1].in });
  }
  for (const [key, p] of params.removed) {
    if (moved.has(key)) continue;
    rec.add('parameter', 'removed', { node: p.node, pointer: p.pointer }, undefined, { ...paramContext(p, d), ...lifecycleOf(p.node) });
  }
  for (const [key, p] of params.added) {
    if (moved.has(key)) continue;
    rec.add('parameter', 'added', undefined, { node: p.node, pointer: p.pointer }, { ...paramContext(p, d), hasDefault: p.schema?.default !== undefined });
  }
  for (const [, bp, rp] of params.both) {
    const ctx = paramContext(rp, d);
    const bs = { node: bp.node, pointer: bp.pointer };
    const rs = { node: rp.node, pointer: rp.pointer };
    // Path parameters are paired by their position in the template: a new name there is the same value in the
    // URL, so clients are unaffected; server code reading it by name is.
    if (bp.in === 'path' && rp.in === 'path' && bp.name !== rp.name) rec.add('parameter-name', 'changed', bs, rs, { ...ctx, from: bp.name, to: rp.name });
    if (bp.required !== rp.required) {
      rec.add('parameter-required', rp.required ? 'added' : 'removed', bs, rs, { ...ctx, hasDefault: rp.schema?.default !== undefined });
    }
    if (bp.deprecated !== rp.deprecated) rec.add('parameter-deprecated', rp.deprecated ? 'added' : 'removed', bs, rs, { ...ctx, ...lifecycleOf(rp.node) });
    diffSunset('parameter-sunset', bs, rs, rec, ctx);
    // Swagger 2.0 parameters are their own schema: the schema comparison reports the move there.
    const stability = bp.schema === bp.node ? undefined : stabilityMove(bp.node, rp.node);
    if (stability) {
      const at = (s: typeof bs) => (s.node?.['x-stability-level'] === undefined ? s : { pointer: `${s.pointer}/x-stability-level` });
      rec.add('parameter-stability', stability.action, at(bs), at(rs), { ...ctx, ...(stability.stabilityInvalid ? { stabilityInvalid: true } : {}) }, { before: stability.before, after: stability.after });
    }
    if (bp.in === 'querystring' && rp.in === 'querystring') {
      // One serialized value, its format named by a media type: compared like a request body's content.
      rec.field('parameter-description', 'description', bs, rs, ctx);
      rec.extensions(bs, rs, ctx, ['x-sunset', 'x-stability-level']);
      diffContent(bp.content, rp.content, d, { ...d.ctx, direction: d.request }, d.request, bp.pointer, rp.pointer, `query string ${rp.name}`);
      continue;
    }
    if (bp.allowEmptyValue !== rp.allowEmptyValue) rec.add('parameter-allow-empty-value', rp.allowEmptyValue ? 'added' : 'removed', bs, rs, ctx);
    if (styleOf(bp) !== styleOf(rp)) rec.add('parameter-style', 'changed', bs, rs, ctx, { before: styleOf(bp), after: styleOf(rp) });
    // explode has no effect on a primitive value (OpenAPI 3: only arrays and objects are exploded).
    if (explodeOf(bp) !== explodeOf(rp) && !isPrimitive(bp.schema) && !isPrimitive(rp.schema)) {
      rec.add('parameter-explode', 'changed', bs, rs, ctx, { before: explodeOf(bp), after: explodeOf(rp) });
    }
    if (bp.schema !== bp.node) {
      rec.field('parameter-description', 'description', bs, rs, ctx);
      rec.field('parameter-example', 'example', bs, rs, ctx);
      rec.field('parameter-example', 'examples', bs, rs, ctx);
      rec.extensions(bs, rs, ctx, ['x-sunset', 'x-stability-level']);
    } else rec.field('parameter-description', 'description', bs, rs, ctx);
    const shift = arrayShift(bp.schema, rp.schema);
    if (shift) {
      // One change for the shape; the scalar is then compared with the array's items.
      const values = { before: shift === 'became-array' ? scalarTypes(bp.schema) : 'array', after: shift === 'became-array' ? 'array' : scalarTypes(rp.schema) };
      rec.add('parameter-array', shift === 'became-array' ? 'added' : 'removed', bs, rs, ctx, values);
      const [bSchema, bPointer] = shift === 'became-scalar' ? [bp.schema.items, `${bp.schemaPointer}/items`] : [bp.schema, bp.schemaPointer];
      const [rSchema, rPointer] = shift === 'became-array' ? [rp.schema.items, `${rp.schemaPointer}/items`] : [rp.schema, rp.schemaPointer];
      d.schemas.compare(bSchema, rSchema, { direction: d.request, context: ctx, use: d.use, basePointer: bPointer, revisionPointer: rPointer });
    } else d.schemas.compare(bp.schema, rp.schema, { direction: d.request, context: ctx, use: d.use, basePointer: bp.schemaPointer, revisionPointer: rp.schemaPointer });
  }
}

/** Swagger 2.0 collection formats as the OpenAPI 3 styles that write the same text (tsv has none). */
const SWAGGER_STYLES: Record<string, string> = { ssv: 'spaceDelimited', pipes: 'pipeDelimited', multi: 'form' };

/** OpenAPI defaults: form for query/cookie, simple for path/header; 2.0 collectionFormat csv. */
function styleOf(p: ParameterModel): string {
  if (p.style !== undefined) return p.style === 'csv' ? (p.in === 'query' ? 'form' : 'simple') : SWAGGER_STYLES[p.style] ?? p.style;
  return p.in === 'query' || p.in === 'cookie' || p.in === 'formData' ? 'form' : 'simple';
}
function explodeOf(p: ParameterModel): boolean {
  if (p.explode !== undefined) return p.explode;
  if (p.style !== undefined && SWAGGER_COLLECTION_FORMATS.has(p.style)) return p.style === 'multi';
  return styleOf(p) === 'form';
}
const SWAGGER_COLLECTION_FORMATS = new Set(['csv', 'ssv', 'tsv', 'pipes', 'multi']);

function diffContent(
  b: Map<string, MediaModel>, r: Map<string, MediaModel>, d: OpDiff, ctx: ChangeContext, direction: Direction,
  bPointer: string, rPointer: string, subject: string,
): void {
  const byName = (x: MediaModel, y: MediaModel) => compareCodePoints(x.mediaType, y.mediaType);
  // The common case, the same media types on both sides, needs no matching.
  const unchanged = b.size === r.size && [...b.keys()].every((key) => r.has(key));
  const media: MediaPairing<MediaModel> = unchanged
    ? { added: [], removed: [], both: pairByKey(b, r).both.map(([, bm, rm]) => [bm, rm, 'same']) }
    : pairMediaTypes([...b.values()].sort(byName), [...r.values()].sort(byName), (m) => m.mediaType);
  for (const m of media.added) d.rec.add('media-type', 'added', { pointer: bPointer }, { node: m.node, pointer: m.pointer }, { ...ctx, direction, mediaType: m.mediaType, value: m.mediaType });
  for (const { item: m, covered } of media.removed) d.rec.add('media-type', 'removed', { node: m.node, pointer: m.pointer }, { pointer: rPointer }, { ...ctx, direction, mediaType: m.mediaType, value: m.mediaType, covered, ...mediaLifecycle(m) });
  for (const [bmedia, rmedia, relation] of media.both) {
    const mctx: ChangeContext = extended(ctx, { direction, mediaType: rmedia.mediaType, subject });
    const bs = { node: bmedia.node, pointer: bmedia.pointer };
    const rs = { node: rmedia.node, pointer: rmedia.pointer };
    if (relation === 'widened' || relation === 'narrowed' || relation === 'renamed') {
      d.rec.add('media-type', relation === 'renamed' ? 'changed' : relation, bs, rs, { ...mctx, from: bmedia.mediaType, to: rmedia.mediaType });
    } else if (relation === 'parameters') {
      const revisionType = parseMediaType(rmedia.mediaType);
      const syntax = revisionType.syntax;
      for (const [name, before, after] of parameterChanges(parseMediaType(bmedia.mediaType), revisionType)) {
        const action = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
        d.rec.add('media-type-parameter', action, bs, rs, { ...mctx, field: name, from: before ?? 'none', to: after ?? 'none', ...(syntax ? { syntax } : {}) });
      }
    }
    if (bmedia.node !== bmedia.schema && bmedia.pointer.includes('/content/')) {
      d.rec.field('media-type-example', 'example', bs, rs, mctx);
      d.rec.field('media-type-example', 'examples', bs, rs, mctx);
    }
    diffMediaLifecycle(bmedia, rmedia, d.rec, mctx);
    diffEncoding(bmedia, rmedia, extended(d, { direction }), mctx);
    for (const pair of mediaSchemaPairs(bmedia, rmedia)) {
      d.schemas.compare(pair.base, pair.revision, { direction, context: mctx, use: d.use, basePointer: pair.basePointer, revisionPointer: pair.revisionPointer });
    }
  }
}

/** OpenAPI gives media types no `deprecated`: specver reads `x-deprecated` and `x-sunset` on the media type object. */
function mediaLifecycle(m: MediaModel): ChangeContext {
  return m.pointer.includes('/content/') ? lifecycleOf(m.node, 'x-deprecated') : {};
}
function diffMediaLifecycle(b: MediaModel, r: MediaModel, rec: ChangeRecorder, ctx: ChangeContext): void {
  if (!b.pointer.includes('/content/') || !r.pointer.includes('/content/')) return;
  const bs = { node: b.node, pointer: b.pointer };
  const rs = { node: r.node, pointer: r.pointer };
  const before = mediaLifecycle(b);
  const after = mediaLifecycle(r);
  if (before.deprecated !== after.deprecated) rec.add('media-type-deprecated', after.deprecated ? 'added' : 'removed', bs, rs, { ...ctx, ...after });
  diffSunset('media-type-sunset', bs, rs, rec, ctx, 'x-deprecated');
}

function diffRequestBody(b: OperationModel, r: OperationModel, d: OpDiff): void {
  const ctx: ChangeContext = extended(d.ctx, { direction: d.request });
  const bb = b.requestBody;
  const rb = r.requestBody;
  if (!bb && !rb) return;
  if (!bb) { d.rec.add('request-body', 'added', { pointer: b.pointer }, { node: rb!.node, pointer: rb!.pointer }, { ...ctx, required: rb!.required }); return; }
  if (!rb) { d.rec.add('request-body', 'removed', { node: bb.node, pointer: bb.pointer }, { pointer: r.pointer }, { ...ctx, required: bb.required }); return; }
  const bs = { node: bb.node, pointer: bb.pointer };
  const rs = { node: rb.node, pointer: rb.pointer };
  if (bb.required !== rb.required) d.rec.add('request-body-required', rb.required ? 'added' : 'removed', bs, rs, ctx);
  if (bb.node !== b.node && rb.node !== r.node) d.rec.field('request-body-description', 'description', bs, rs, ctx);
  diffContent(bb.content, rb.content, d, ctx, d.request, bb.pointer, rb.pointer, 'request body');
}

function diffResponses(b: OperationModel, r: OperationModel, d: OpDiff): void {
  const responses = pairByKey(b.responses, r.responses);
  const ctxOf = (res: ResponseModel): ChangeContext => extended(d.ctx, { direction: d.response, status: res.status, success: /^2/.test(res.status) });
  for (const [, res] of responses.added) d.rec.add('response', 'added', { pointer: `${b.pointer}/responses` }, { node: res.node, pointer: res.pointer }, ctxOf(res));
  for (const [, res] of responses.removed) d.rec.add('response', 'removed', { node: res.node, pointer: res.pointer }, { pointer: `${r.pointer}/responses` }, ctxOf(res));
  for (const [, bres, rres] of responses.both) {
    const ctx = ctxOf(rres);
    const bs = { node: bres.node, pointer: bres.pointer };
    const rs = { node: rres.node, pointer: rres.pointer };
    d.rec.field('response-description', 'description', bs, rs, ctx);
    diffContent(bres.content, rres.content, d, ctx, d.response, bres.pointer, rres.pointer, `response ${rres.status}`);
    const headers = pairByKey(bres.headers, rres.headers);
    const hctx = (name: string, required: boolean): ChangeContext => extended(ctx, { name, required, subject: `response header ${name}` });
    for (const [, h] of headers.added) d.rec.add('response-header', 'added', bs, { node: h.node, pointer: h.pointer }, hctx(h.name, h.required));
    for (const [, h] of headers.removed) d.rec.add('response-header', 'removed', { node: h.node, pointer: h.pointer }, rs, { ...hctx(h.name, h.required), ...lifecycleOf(h.node) });
    for (const [, bh, rh] of headers.both) {
      const c = hctx(rh.name, rh.required);
      const hb = { node: bh.node, pointer: bh.pointer };
      const hr = { node: rh.node, pointer: rh.pointer };
      if (bh.required !== rh.required) d.rec.add('response-header-required', rh.required ? 'added' : 'removed', hb, hr, c);
      d.rec.field('response-header-description', 'description', hb, hr, c);
      const deprecated = lifecycleOf(rh.node);
      if (lifecycleOf(bh.node).deprecated !== deprecated.deprecated) d.rec.add('response-header-deprecated', deprecated.deprecated ? 'added' : 'removed', hb, hr, { ...c, ...deprecated });
      diffSunset('response-header-sunset', hb, hr, d.rec, c);
      d.schemas.compare(bh.schema, rh.schema, { direction: d.response, context: c, use: d.use, basePointer: bh.schemaPointer, revisionPointer: rh.schemaPointer });
    }
  }
}
