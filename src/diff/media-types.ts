/**
 * Media types compared by meaning: parsed into type, subtype, structured-syntax suffix and parameters, so
 * `application/json; charset=UTF-8` and `application/json;charset=utf-8` are one media type, and paired by best
 * match, so a renamed content type is one change whose schemas are still compared.
 */
import { MIMEType } from 'node:util';
import { compareCodePoints } from '../toolkit/values.ts';

export interface ParsedMediaType {
  type: string;
  subtype: string;
  /** `type/subtype`, lowercase. */
  essence: string;
  /** Structured syntax: the `+suffix`, else the subtype itself for `json`/`xml` (`application/json` -> json). */
  syntax?: string;
  params: Map<string, string>;
}

/** A document repeats a handful of media types thousands of times: each is parsed once. */
const parsedCache = new Map<string, ParsedMediaType>();

/** Parameter values compared without case (RFC 2046 says so for charset; the others are tokens in practice). */
export function parseMediaType(text: string): ParsedMediaType {
  let parsed = parsedCache.get(text);
  if (!parsed) {
    parsed = parse(text);
    if (parsedCache.size < 10_000) parsedCache.set(text, parsed);
  }
  return parsed;
}

function parse(text: string): ParsedMediaType {
  let type: string;
  let subtype: string;
  const params = new Map<string, string>();
  try {
    const mime = new MIMEType(text);
    type = mime.type;
    subtype = mime.subtype;
    for (const [name, value] of mime.params) params.set(name.toLowerCase(), value.toLowerCase());
  } catch {
    // Not a valid media type (OpenAPI allows ranges such as `*/*`, which parse; anything else is kept as text).
    const [essence] = text.toLowerCase().split(';');
    [type, subtype = ''] = essence.trim().split('/');
  }
  const plus = subtype.lastIndexOf('+');
  const syntax = plus >= 0 ? subtype.slice(plus + 1) : subtype === 'json' || subtype === 'xml' ? subtype : undefined;
  return { type, subtype, essence: `${type}/${subtype}`, ...(syntax ? { syntax } : {}), params };
}

/** Same media type and the same parameters. */
export function mediaTypeKey(parsed: ParsedMediaType): string {
  const params = [...parsed.params].sort(([a], [b]) => compareCodePoints(a, b)).map(([k, v]) => `;${k}=${v}`);
  return parsed.essence + params.join('');
}

/** `outer` is a range that includes `inner`: `*\/*`, `application/*`, `application/*+json`. */
export function covers(outer: ParsedMediaType, inner: ParsedMediaType): boolean {
  if (outer.essence === inner.essence) return false;
  if (outer.type === '*') return true;
  if (outer.type !== inner.type) return false;
  if (outer.subtype === '*') return true;
  return outer.subtype.startsWith('*+') && inner.syntax === outer.subtype.slice(2);
}

/**
 * How a revision media type relates to the base one it is paired with: the same up to parameters, a range
 * that includes it (`widened`), one it includes (`narrowed`), or another type (`renamed`).
 */
export type MediaRelation = 'same' | 'parameters' | 'widened' | 'narrowed' | 'renamed';

export interface MediaPairing<T> {
  added: T[];
  removed: { item: T; covered: boolean }[];
  both: [T, T, MediaRelation][];
}

/**
 * Pairs media types, best match first: equal (up to parameter order and case), then the same type with other
 * parameters, then a range and a type it includes, then two types of one structured syntax (`+json`); when one
 * media type is left on each side, it was renamed. A removed one that a revision range includes is `covered`.
 */
export function pairMediaTypes<T>(base: T[], revision: T[], name: (item: T) => string): MediaPairing<T> {
  const parsed = (item: T) => parseMediaType(name(item));
  const left = [...base];
  const right = [...revision];
  const both: [T, T, MediaRelation][] = [];
  const pass = (relation: (b: ParsedMediaType, r: ParsedMediaType) => MediaRelation | undefined) => {
    for (const b of [...left]) {
      const bp = parsed(b);
      const match = right.find((r) => relation(bp, parsed(r)) !== undefined);
      if (match === undefined) continue;
      both.push([b, match, relation(bp, parsed(match))!]);
      left.splice(left.indexOf(b), 1);
      right.splice(right.indexOf(match), 1);
    }
  };
  // Most media types are written identically on both sides: pair those without comparing parsed forms.
  for (const b of [...left]) {
    const index = right.findIndex((r) => name(r) === name(b));
    if (index < 0) continue;
    both.push([b, right[index], 'same']);
    left.splice(left.indexOf(b), 1);
    right.splice(index, 1);
  }
  pass((b, r) => (mediaTypeKey(b) === mediaTypeKey(r) ? 'same' : undefined));
  pass((b, r) => (b.essence === r.essence ? 'parameters' : undefined));
  pass((b, r) => (covers(r, b) ? 'widened' : covers(b, r) ? 'narrowed' : undefined));
  pass((b, r) => (b.syntax !== undefined && b.syntax === r.syntax ? 'renamed' : undefined));
  if (left.length === 1 && right.length === 1) {
    both.push([left[0], right[0], 'renamed']);
    left.length = 0;
    right.length = 0;
  }
  const ranges = left.length > 0 ? revision.map(parsed) : [];
  return {
    added: right,
    removed: left.map((item) => ({ item, covered: ranges.some((range) => covers(range, parsed(item))) })),
    both,
  };
}

/** Parameters that differ between two parsed media types: name, before and after (undefined = absent). */
export function parameterChanges(b: ParsedMediaType, r: ParsedMediaType): [string, string | undefined, string | undefined][] {
  const names = [...new Set([...b.params.keys(), ...r.params.keys()])].sort();
  return names.filter((n) => b.params.get(n) !== r.params.get(n)).map((n) => [n, b.params.get(n), r.params.get(n)]);
}
