/** Document-level parts of the diff: security schemes, servers, tags, info, extensions. */
import type { ChangeContext } from './types.ts';
import type { ApiModel } from '../normalize/openapi.ts';
import { schemesInUse } from './diff-security.ts';
import { pairByKey } from './pair.ts';
import type { ChangeRecorder } from './recorder.ts';

const SCHEME_LOCATION_FIELDS = ['in', 'name'];
const SCHEME_FIELDS = ['scheme', 'bearerFormat', 'openIdConnectUrl', 'oauth2MetadataUrl', 'flow', 'authorizationUrl', 'tokenUrl', 'flows'];
/** The endpoints of an OAuth 2 flow (OpenAPI 3.2 adds the device authorization flow and its endpoint). */
const FLOW_URLS = ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'];
/** Documentation-only fields of a tag (OpenAPI 3.2 adds summary, parent and kind) and of a server (3.2 adds name). */
const TAG_FIELDS = ['summary', 'parent', 'kind'];
const SERVER_FIELDS = ['name', 'description'];

export function diffDocument(bm: ApiModel, rm: ApiModel, rec: ChangeRecorder): void {
  const schemes = pairByKey(bm.securitySchemes, rm.securitySchemes);
  for (const [name, s] of schemes.added) rec.add('security-scheme', 'added', undefined, { node: s.node, pointer: s.pointer }, { name });
  // A removed scheme no revision operation names only matters through the operations that lost it.
  const inUse = schemes.removed.length > 0 ? schemesInUse(rm) : new Set<string>();
  for (const [name, s] of schemes.removed) rec.add('security-scheme', 'removed', { node: s.node, pointer: s.pointer }, undefined, { name, inUse: inUse.has(name) });
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
          for (const url of FLOW_URLS) {
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
    // OpenAPI 3.2 lets a scheme be deprecated: a lifecycle change, like a deprecated operation.
    if ((bs.node.deprecated === true) !== (rs.node.deprecated === true)) rec.add('security-scheme-deprecated', rs.node.deprecated === true ? 'added' : 'removed', b, r, ctx);
  }
  const servers = pairByKey(bm.servers, rm.servers);
  for (const [url, pointer] of servers.added) rec.add('server', 'added', undefined, { pointer }, { value: url });
  for (const [url, pointer] of servers.removed) rec.add('server', 'removed', { pointer }, undefined, { value: url });
  for (const [url, bp, rp] of servers.both) {
    const at = (root: any, pointer: string) => ({ node: pointer.startsWith('/servers/') ? root.servers?.[Number(pointer.slice('/servers/'.length))] : undefined, pointer });
    for (const key of SERVER_FIELDS) rec.field('server-field', key, at(bm.root, bp), at(rm.root, rp), { value: url });
  }
  const tags = pairByKey(bm.tags, rm.tags);
  for (const [name, t] of tags.added) rec.add('tag', 'added', undefined, t, { name });
  for (const [name, t] of tags.removed) rec.add('tag', 'removed', t, undefined, { name });
  for (const [name, bt, rt] of tags.both) {
    rec.field('tag-description', 'description', bt, rt, { name });
    for (const key of TAG_FIELDS) rec.field('tag-field', key, bt, rt, { name });
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
