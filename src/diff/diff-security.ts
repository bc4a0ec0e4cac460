/**
 * Security requirements of one operation, compared as an API client sees them: the requirement list is a set
 * of alternatives, each an AND-set of schemes with the scopes the token must carry. A client that satisfied a
 * base alternative keeps working when some revision alternative asks for no more schemes and no more scopes.
 */
import type { ChangeContext } from './types.ts';
import type { ApiModel, OperationModel, SecurityRequirement } from '../normalize/openapi.ts';
import type { ChangeRecorder } from './recorder.ts';
import { compareCodePoints } from '../toolkit/values.ts';

/** One alternative: scheme name -> required scopes. */
type Alternative = Map<string, Set<string>>;

function alternativesOf(list: SecurityRequirement[] | undefined): Map<string, Alternative> {
  const result = new Map<string, Alternative>();
  for (const requirement of list ?? []) {
    if (typeof requirement !== 'object' || requirement === null) continue;
    const alternative: Alternative = new Map();
    for (const scheme of Object.keys(requirement).sort()) {
      const scopes = requirement[scheme];
      alternative.set(scheme, new Set(Array.isArray(scopes) ? scopes.map(String) : []));
    }
    // Keyed by schemes and scopes: two alternatives may name one scheme with different scopes.
    const key = printAlternative(alternative);
    if (!result.has(key)) result.set(key, alternative);
  }
  // Sorted, so the order alternatives are written in never changes how they pair.
  return new Map([...result].sort(([a], [b]) => compareCodePoints(a, b)));
}

function scopesText(scopes: Set<string> | undefined): string {
  return scopes && scopes.size > 0 ? `[${[...scopes].sort().join(', ')}]` : '';
}

/** Printable alternative with its scopes: `apiKey + oauth [read, write]`. */
function printAlternative(alternative: Alternative): string {
  if (alternative.size === 0) return 'anonymous';
  return [...alternative].map(([scheme, scopes]) => `${scheme}${scopes.size ? ` ${scopesText(scopes)}` : ''}`).join(' + ');
}

/** A client that satisfies `held` also satisfies `needed`: no extra scheme, no extra scope. */
function satisfies(held: Alternative, needed: Alternative): boolean {
  for (const [scheme, scopes] of needed) {
    const have = held.get(scheme);
    if (!have) return false;
    for (const scope of scopes) if (!have.has(scope)) return false;
  }
  return true;
}

/** How alike two alternatives are: schemes in common first, then scopes in common. */
function likeness(a: Alternative, b: Alternative): number {
  let schemes = 0;
  let scopes = 0;
  for (const [scheme, aScopes] of a) {
    const bScopes = b.get(scheme);
    if (!bScopes) continue;
    schemes += 1;
    for (const scope of aScopes) if (bScopes.has(scope)) scopes += 1;
  }
  return schemes === 0 ? 0 : schemes * 10_000 + scopes;
}

/**
 * Effective security of one operation. Equal alternatives are paired, then the rest by the most schemes (then
 * scopes) in common, so a scheme or scope added to or dropped from an alternative is one change, not a removal
 * and an addition. A removed alternative whose clients another alternative still accepts is marked `covered`.
 */
export function diffSecurity(b: OperationModel, r: OperationModel, rec: ChangeRecorder, ctx: ChangeContext): void {
  // Most operations keep their requirements as written: nothing to pair.
  if (b.security === r.security || JSON.stringify(b.security) === JSON.stringify(r.security)) return;
  const before = alternativesOf(b.security);
  const after = alternativesOf(r.security);
  const bs = { pointer: b.securityPointer };
  const rs = { pointer: r.securityPointer };
  const pairs: [string, Alternative, Alternative][] = [];
  const removed = new Map([...before].filter(([key]) => !after.has(key)));
  const added = new Map([...after].filter(([key]) => !before.has(key)));
  for (const [key, alternative] of before) if (after.has(key)) pairs.push([key, alternative, after.get(key)!]);
  for (;;) {
    let best: [string, string, number] | undefined;
    for (const [bk, ba] of removed) {
      for (const [rk, ra] of added) {
        const score = likeness(ba, ra);
        if (score > 0 && (!best || score > best[2])) best = [bk, rk, score];
      }
    }
    if (!best) break;
    pairs.push([best[0], removed.get(best[0])!, added.get(best[1])!]);
    removed.delete(best[0]);
    added.delete(best[1]);
  }
  const remaining = [...after.values()];
  // `field` says whether the operation was open before (`none-before`) or is open after (`none-after`).
  for (const [key] of added) {
    rec.add('security-requirement', 'added', bs, rs, { ...ctx, value: key, ...(before.size === 0 ? { field: 'none-before' } : {}) });
  }
  for (const [key, alternative] of removed) {
    rec.add('security-requirement', 'removed', bs, rs, {
      ...ctx, value: key, ...(after.size === 0 ? { field: 'none-after' } : {}),
      covered: remaining.some((other) => satisfies(alternative, other)),
    });
  }
  // Two alternatives that gain (or drop) the same scope of the same scheme tell the client one thing.
  const scopeChanges = new Set<string>();
  const scopeChange = (action: 'added' | 'removed', scheme: string, scope: string) => {
    const key = `${action}\u0000${scheme}\u0000${scope}`;
    if (scopeChanges.has(key)) return;
    scopeChanges.add(key);
    rec.add('security-requirement-scope', action, bs, rs, { ...ctx, name: scheme, value: scope });
  };
  for (const [value, ba, ra] of pairs) {
    for (const [scheme, scopes] of ra) {
      if (!ba.has(scheme)) rec.add('security-requirement-scheme', 'added', bs, rs, { ...ctx, value, name: scheme, to: scopesText(scopes) || 'no scopes' });
    }
    for (const [scheme, scopes] of ba) {
      if (!ra.has(scheme)) rec.add('security-requirement-scheme', 'removed', bs, rs, { ...ctx, value, name: scheme, from: scopesText(scopes) || 'no scopes' });
    }
    for (const [scheme, rScopes] of ra) {
      const bScopes = ba.get(scheme);
      if (!bScopes) continue;
      for (const scope of [...rScopes].sort()) if (!bScopes.has(scope)) scopeChange('added', scheme, scope);
      for (const scope of [...bScopes].sort()) if (!rScopes.has(scope)) scopeChange('removed', scheme, scope);
    }
  }
}

/** Security schemes some operation of the model names in its effective requirements. */
export function schemesInUse(model: ApiModel): Set<string> {
  const used = new Set<string>();
  for (const op of model.operations.values()) {
    for (const requirement of op.security ?? []) {
      if (typeof requirement === 'object' && requirement !== null) for (const scheme of Object.keys(requirement)) used.add(scheme);
    }
  }
  return used;
}
