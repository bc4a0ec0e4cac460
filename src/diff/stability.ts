/**
 * `x-stability-level` moves on any element that carries it (operation, parameter, schema property): no level
 * means stable; an unknown level is compared by text and flagged, never ranked.
 */
import type { ChangeAction } from './types.ts';
import { STABILITY_LEVELS, isStabilityLevel, type StabilityLevel } from './lifecycle.ts';

export interface StabilityMove {
  action: ChangeAction;
  before: string;
  after: string;
  stabilityInvalid?: true;
}

/** How the level moved between two nodes, or undefined when it did not. */
export function stabilityMove(baseNode: unknown, revisionNode: unknown): StabilityMove | undefined {
  const levelOf = (node: unknown): string => {
    const level = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)['x-stability-level'] : undefined;
    return level === undefined || level === null ? 'stable' : String(level);
  };
  const before = levelOf(baseNode);
  const after = levelOf(revisionNode);
  if (before === after) return undefined;
  if (!isStabilityLevel(before) || !isStabilityLevel(after)) return { action: 'changed', before, after, stabilityInvalid: true };
  const rank = (level: StabilityLevel) => STABILITY_LEVELS.indexOf(level);
  return { action: rank(after) > rank(before) ? 'increased' : 'decreased', before, after };
}
