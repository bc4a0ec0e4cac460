/**
 * Lifecycle metadata (`deprecated`, `x-sunset`, `x-stability-level`): the diff records what is written, and
 * `applyLifecycle` turns it into the facts rules decide on (sunset passed or unparseable, stability unknown or
 * exempt, deprecation period too short), once "today" and the project's policy are known.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { ChangeAction, ChangeContext, RawChange } from './types.ts';

/** x-stability-level values, lowest first (oasdiff's convention). */
export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type StabilityLevel = (typeof STABILITY_LEVELS)[number];

export interface LifecyclePolicy {
  /** Removals inside operations below this level carry no compatibility promise. */
  exemptBelow: StabilityLevel;
  /** Minimum days between introducing a deprecation (today) and its sunset, per stability level. */
  deprecationDays: { beta: number; stable: number };
}

export const DEFAULT_LIFECYCLE: LifecyclePolicy = { exemptBelow: 'stable', deprecationDays: { beta: 0, stable: 0 } };

const DAY = 24 * 60 * 60 * 1000;
const isDate = fullFormats.date as { validate: (s: string) => boolean };
const isDateTime = fullFormats['date-time'] as { validate: (s: string) => boolean };

/** The x-sunset of a node as written (YAML may have read an unquoted date as a Date), or undefined. */
export function sunsetOf(node: unknown): string | undefined {
  const raw = (node as Record<string, unknown> | undefined)?.['x-sunset'];
  if (raw === undefined || raw === null) return undefined;
  return raw instanceof Date ? raw.toISOString().slice(0, 10) : typeof raw === 'string' ? raw : JSON.stringify(raw);
}

/** Milliseconds of an RFC 3339 date (`2026-06-30`, midnight UTC) or date-time; undefined when unparseable. */
export function sunsetTime(sunset: string): number | undefined {
  if (isDate.validate(sunset)) return Date.parse(`${sunset}T00:00:00Z`);
  if (isDateTime.validate(sunset)) return Date.parse(sunset);
  return undefined;
}

export function isStabilityLevel(value: unknown): value is StabilityLevel {
  return typeof value === 'string' && (STABILITY_LEVELS as readonly string[]).includes(value);
}

/** Deprecation facts of an element as written: `deprecated` (or `x-deprecated` where OpenAPI has none). */
export function lifecycleOf(node: unknown, deprecatedKey = 'deprecated'): Pick<ChangeContext, 'deprecated' | 'sunset'> {
  const deprecated = (node as Record<string, unknown> | undefined)?.[deprecatedKey] === true;
  const sunset = sunsetOf(node);
  return { deprecated, ...(sunset === undefined ? {} : { sunset }) };
}

/**
 * How an element's x-sunset moved: added, removed, increased (later), decreased (earlier), or changed when
 * either side cannot be read as a date (then the direction is unknown). Undefined when unchanged.
 */
export function sunsetMove(before: string | undefined, after: string | undefined): { action: ChangeAction; context: ChangeContext } | undefined {
  if (before === after) return undefined;
  const context: ChangeContext = { from: before ?? 'none', to: after ?? 'none', sunset: after ?? before };
  if (before === undefined) return { action: 'added', context };
  if (after === undefined) return { action: 'removed', context };
  const b = sunsetTime(before);
  const a = sunsetTime(after);
  if (b === undefined || a === undefined) return { action: 'changed', context: { ...context, sunsetInvalid: true } };
  if (a === b) return undefined; // the same instant written differently
  return { action: a > b ? 'increased' : 'decreased', context };
}

/** Fills the lifecycle facts of every change (in place) and returns the list. */
export function applyLifecycle(changes: RawChange[], today: Date, policy: LifecyclePolicy = DEFAULT_LIFECYCLE): RawChange[] {
  const exemptRank = STABILITY_LEVELS.indexOf(policy.exemptBelow);
  for (const change of changes) {
    const c = change.context;
    if (c.sunset !== undefined) {
      const time = sunsetTime(c.sunset);
      if (time === undefined) c.sunsetInvalid = true;
      else c.sunsetPassed = time <= today.getTime();
    }
    if (c.stability !== undefined) {
      if (!isStabilityLevel(c.stability)) c.stabilityInvalid = true;
      else if (STABILITY_LEVELS.indexOf(c.stability) < exemptRank) c.stabilityExempt = true;
    }
    if (change.action === 'added' && DEPRECATION_KINDS.has(change.kind)) checkPeriod(c, today, policy);
  }
  return changes;
}

const DEPRECATION_KINDS = new Set<string>(['operation-deprecated', 'parameter-deprecated', 'schema-deprecated', 'response-header-deprecated', 'media-type-deprecated']);

/**
 * The minimum deprecation period: the deprecation is taken to start today (as oasdiff does), so the sunset
 * must lie at least the configured days ahead. Draft and alpha elements have no minimum.
 */
function checkPeriod(c: ChangeContext, today: Date, policy: LifecyclePolicy): void {
  const level = isStabilityLevel(c.stability) ? c.stability : 'stable';
  const days = level === 'stable' || level === 'beta' ? policy.deprecationDays[level] : 0;
  if (days <= 0) return;
  c.minDeprecationDays = days;
  if (c.sunset === undefined) { c.sunsetMissing = true; return; }
  const time = sunsetTime(c.sunset);
  // A sunset that cannot be read cannot show the minimum is kept: breaking, as a missing one is.
  if (time === undefined) c.deprecationSunsetInvalid = true;
  else if (time < today.getTime() + days * DAY) c.sunsetTooSoon = true;
}
