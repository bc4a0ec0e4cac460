/**
 * Functions over OpenAPI security: the scopes a security requirement asks of an OAuth2 scheme are ones the
 * scheme declares.
 */
import { isRecord } from '../../toolkit/values.ts';
import type { LintDocument } from '../types.ts';
import { NO_OPTIONS, type FunctionReport, type LintFunction } from './contract.ts';

/** The security schemes of a document: `securityDefinitions` (Swagger 2.0), else `components.securitySchemes`. */
function schemesOf(doc: LintDocument): Record<string, unknown> {
  const data = doc.data;
  if (!isRecord(data)) return {};
  const schemes = doc.kind.format === 'openapi' && doc.kind.version === '2.0' ? data.securityDefinitions : isRecord(data.components) ? data.components.securitySchemes : undefined;
  return isRecord(schemes) ? schemes : {};
}

/**
 * The scopes an OAuth2 scheme declares (in its flows, or on the scheme itself in Swagger 2.0); undefined for
 * any other scheme, whose scopes cannot be checked: OpenID Connect scopes live behind the discovery URL, and
 * OpenAPI 3.1 lets other schemes list roles.
 */
function declaredScopes(scheme: unknown): Set<string> | undefined {
  if (!isRecord(scheme) || scheme.type !== 'oauth2') return undefined;
  const lists = isRecord(scheme.flows) ? Object.values(scheme.flows).map((flow) => (isRecord(flow) ? flow.scopes : undefined)) : [scheme.scopes];
  return new Set(lists.flatMap((list) => (isRecord(list) ? Object.keys(list) : [])));
}

export const scopesDeclared: LintFunction = {
  name: 'scopesDeclared',
  description:
    "Applied to a security requirement: every scope it lists for an OAuth2 scheme is declared by the scheme (in the `scopes` of one of its flows; Swagger 2.0: in its `scopes`). Reported at each scope (`{{value}}`, `{{scheme}}`). Other scheme types, and schemes the document does not define, are not judged.",
  optionsSchema: NO_OPTIONS,
  messages: { undeclared: "scope '{{value}}' is not declared by security scheme '{{scheme}}'" },
  placeholders: ['scheme'],
  run(requirement, _options, _target, { doc }) {
    if (!isRecord(requirement)) return [];
    const schemes = schemesOf(doc);
    const out: FunctionReport[] = [];
    for (const [scheme, scopes] of Object.entries(requirement)) {
      const declared = Object.prototype.hasOwnProperty.call(schemes, scheme) ? declaredScopes(schemes[scheme]) : undefined;
      if (!declared || !Array.isArray(scopes)) continue;
      scopes.forEach((scope, i) => {
        if (typeof scope === 'string' && !declared.has(scope)) out.push({ at: [scheme, i], values: { value: scope, scheme } });
      });
    }
    return out;
  },
};
