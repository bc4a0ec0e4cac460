/** Document-level parts of the diff: security requirements and schemes, servers, tags, info, extensions. */
import type { ChangeContext } from './types.ts';
import type { ApiModel, OperationModel, SecurityRequirement } from '../normalize/openapi.ts';
import { pairByKey } from './pair.ts';
import type { ChangeRecorder } from './recorder.ts';

function requirementKey(requirement: SecurityRequirement): string {
  return Object.keys(requirement).sort().join(' + ') || 'anonymous';
}

function requirements(list: SecurityRequirement[] | undefined): Map<string, SecurityRequirement> {
  const map = new Map<string, SecurityRequirement>();
  for (const requirement of list ?? []) {
    if (typeof requirement === 'object' && requirement !== null) map.set(requirementKey(requirement), requirement);
  }
  return map;
}

/** Effective security of one operation: alternatives added/removed, scopes added/removed inside one. */
export function diffSecurity(b: OperationModel, r: OperationModel, rec: ChangeRecorder, ctx: ChangeContext): void {
  const before = requirements(b.security);
  const after = requirements(r.security);
  const pairs = pairByKey(before, after);
  const bs = { pointer: b.securityPointer };
  const rs = { pointer: r.securityPointer };
  // `field` says whether the operation was open before (`none-before`) or is open after (`none-after`).
  for (const [key] of pairs.added) rec.add('security-requirement', 'added', bs, rs, { ...ctx, value: key, ...(before.size === 0 ? { field: 'none-before' } : {}) });
  for (const [key] of pairs.removed) rec.add('security-requirement', 'removed', bs, rs, { ...ctx, value: key, ...(after.size === 0 ? { field: 'none-after' } : {}) });
  for (const [key, breq, rreq] of pairs.both) {
    for (const scheme of Object.keys(rreq).sort()) {
      const bScopes = new Set((breq[scheme] ?? []).map(String));
      const rScopes = new Set((rreq[scheme] ?? []).map(String));
      for (const scope of [...rScopes].sort()) if (!bScopes.has(scope)) rec.add('security-requirement-scope', 'added', bs, rs, { ...ctx, name: key, value: scope });
      for (const scope of [...bScopes].sort()) if (!rScopes.has(scope)) rec.add('security-requirement-scope', 'removed', bs, rs, { ...ctx, name: key, value: scope });
    }
  }
}

const SCHEME_LOCATION_FIELDS = ['in', 'name'];
const SCHEME_FIELDS = ['scheme', 'bearerFormat', 'openIdConnectUrl', 'flow', 'authorizationUrl', 'tokenUrl', 'flows'];

export function diffDocument(bm: ApiModel, rm: ApiModel, rec: ChangeRecorder): void {
  const schemes = pairByKey(bm.securitySchemes, rm.securitySchemes);
  for (const [name, s] of schemes.added) rec.add('security-scheme', 'added', undefined, { node: s.node, pointer: s.pointer }, { name });
  for (const [name, s] of schemes.removed) rec.add('security-scheme', 'removed', { node: s.node, pointer: s.pointer }, undefined, { name });
  for (const [name, bs, rs] of schemes.both) {
    const b = { node: bs.node, pointer: bs.pointer };
    const r = { node: rs.node, pointer: rs.pointer };
    const ctx: ChangeContext = { name };
    if (bs.node.type !== rs.node.type) {
      // A new type makes every other setting incomparable: one change says it all.
      rec.add('security-scheme-type', 'changed', b, r, ctx, { before: bs.node.type, after: rs.node.type });
      continue;
    }
    for (const key of SCHEME_LOCATION_FIELDS) if (bs.node[key] !== rs.node[key]) rec.add('security-scheme-location', 'changed', b, r, { ...ctx, field: key }, { before: bs.node[key], after: rs.node[key] });
    for (const key of SCHEME_FIELDS) {
      if (key === 'flows' && bs.node.flows && rs.node.flows) {
        for (const flow of new Set([...Object.keys(bs.node.flows), ...Object.keys(rs.node.flows)])) {
          const bf = bs.node.flows[flow];
          const rf = rs.node.flows[flow];
          if (!bf || !rf) { rec.add('security-scheme', 'changed', b, r, { ...ctx, field: `flows.${flow}` }, { before: bf ? 'present' : 'absent', after: rf ? 'present' : 'absent' }); continue; }
          for (const url of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
            if (bf[url] !== rf[url]) rec.add('security-scheme', 'changed', b, r, { ...ctx, field: `flows.${flow}.${url}` }, { before: bf[url], after: rf[url] });
          }
        }
        continue;
      }
      if (key !== 'flows' && bs.node[key] !== rs.node[key]) rec.add('security-scheme', 'changed', b, r, { ...ctx, field: key }, { before: bs.node[key], after: rs.node[key] });
    }
    for (const scope of [...rs.scopes.keys()].sort()) if (!bs.scopes.has(scope)) rec.add('security-scheme-scope', 'added', b, r, { ...ctx, value: scope });
    for (const scope of [...bs.scopes.keys()].sort()) if (!rs.scopes.has(scope)) rec.add('security-scheme-scope', 'removed', b, r, { ...ctx, value: scope });
    rec.field('security-scheme', 'description', b, r, ctx);
  }
  const servers = pairByKey(bm.servers, rm.servers);
  for (const [url, pointer] of servers.added) rec.add('server', 'added', undefined, { pointer }, { value: url });
  for (const [url, pointer] of servers.removed) rec.add('server', 'removed', { pointer }, undefined, { value: url });
  const tags = pairByKey(bm.tags, rm.tags);
  for (const [name, t] of tags.added) rec.add('tag', 'added', undefined, t, { name });
  for (const [name, t] of tags.removed) rec.add('tag', 'removed', t, undefined, { name });
  for (const [name, bt, rt] of tags.both) {
    rec.field('tag-description', 'description', bt, rt, { name });
    rec.field('external-docs', 'externalDocs', bt, rt, { name });
  }
  const bi = { node: bm.root.info ?? {}, pointer: '/info' };
  const ri = { node: rm.root.info ?? {}, pointer: '/info' };
  for (const key of ['title', 'description', 'version', 'termsOfService', 'contact', 'license', 'summary']) rec.field('info', key, bi, ri, {});
  rec.extensions(bi, ri, {});
  const broot = { node: bm.root, pointer: '' };
  const rroot = { node: rm.root, pointer: '' };
  rec.field('external-docs', 'externalDocs', broot, rroot, {});
  rec.extensions(broot, rroot, {});
}
