/**
 * json-rules-engine, used the fast way: one Engine per (change kind, action), built once per rule set and
 * process, so a change meets only the rules that can match it; a dotted-path resolver instead of JSONPath;
 * specver builds each rule's event itself. Of the rules that fire, the highest priority wins.
 */
import { Engine, type RuleProperties } from 'json-rules-engine';
import type { RawChange } from '../diff/types.ts';
import { CHANGE_ACTIONS } from '../diff/types.ts';
import type { Condition, NamedCondition, RuleDefinition } from '../ruleset/load-rules.ts';
import { addOperators } from './operators.ts';
import { compareCodePoints } from '../toolkit/values.ts';

/**
 * `$.context.direction` -> value.context.direction; nothing else is allowed by the rule schema. Only own
 * properties are followed: `$.constructor.name` or `$.__proto__.x` would otherwise match every change.
 */
export function dottedPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.slice(2).split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** json-rules-engine requires `value` on every leaf; `present`/`absent` may omit it. */
function withValues(condition: Condition): Condition {
  if (Array.isArray(condition.all)) return { all: condition.all.map(withValues) };
  if (Array.isArray(condition.any)) return { any: condition.any.map(withValues) };
  if (condition.not && typeof condition.not === 'object') return { not: withValues(condition.not as Condition) };
  if ('fact' in condition && !('value' in condition)) return { ...condition, value: true };
  return condition;
}

/**
 * Slot memo: the fact paths its rules (and the shared conditions) read, and the rules that fired per tuple of
 * values at those paths. Changes of one kind mostly repeat a few such tuples, so the engine runs once per tuple.
 */
interface Slot { rules: RuleDefinition[]; engine?: Engine; paths?: string[] | null; fired?: Map<string, RuleDefinition[]> }

/** Adds every `change` fact path a condition tree reads; false when some leaf reads anything else (no memo then). */
function factPaths(condition: unknown, into: Set<string>): boolean {
  if (Array.isArray(condition)) return condition.every((c) => factPaths(c, into));
  if (typeof condition !== 'object' || condition === null) return true;
  const node = condition as Record<string, unknown>;
  if ('fact' in node) {
    const value = node.value;
    if (node.fact !== 'change' || typeof node.path !== 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return false;
    into.add(node.path);
    return true;
  }
  return ['all', 'any', 'not'].every((key) => factPaths(node[key], into));
}

/** The memo key of a change: its primitive values at the paths; undefined when one is an object (not memoised). */
function memoKey(change: RawChange, paths: string[]): string | undefined {
  let key = '';
  for (const path of paths) {
    const value = dottedPath(change, path);
    if (typeof value === 'object' && value !== null) return undefined;
    key += `${typeof value}:${typeof value === 'string' ? JSON.stringify(value) : String(value)},`;
  }
  return key;
}

export class RuleIndex {
  /** Rules by the kinds they are `on`: a slot (one kind and action) is made on first use, as a run meets few. */
  private readonly byKind = new Map<string, RuleDefinition[]>();
  private readonly slots = new Map<string, Slot>();

  constructor(rules: RuleDefinition[], private readonly conditions: NamedCondition[]) {
    for (const rule of rules) {
      for (const kind of rule.on.kind) {
        const list = this.byKind.get(kind);
        if (list) list.push(rule);
        else this.byKind.set(kind, [rule]);
      }
    }
  }

  /** The rules `on` a kind and action, highest priority first (a rule listing the action twice, twice). */
  private slotOf(kind: string, action: string): Slot {
    const key = `${kind}:${action}`;
    let slot = this.slots.get(key);
    if (slot) return slot;
    const rules: RuleDefinition[] = [];
    for (const rule of this.byKind.get(kind) ?? []) for (const listed of rule.on.action ?? CHANGE_ACTIONS) if (listed === action) rules.push(rule);
    // Rule ids are lowercase kebab-case (the rule schema), where code-unit order is the collation order.
    rules.sort((a, b) => b.priority - a.priority || compareCodePoints(a.id, b.id));
    this.slots.set(key, (slot = { rules }));
    return slot;
  }

  /** Every rule that fires for the change, highest priority first. */
  async matching(change: RawChange): Promise<RuleDefinition[]> {
    const slot = this.slotOf(change.kind, change.action);
    if (slot.rules.length === 0) return [];
    if (slot.rules.every((r) => !r.conditions)) return slot.rules;
    if (slot.paths === undefined) {
      const paths = new Set<string>();
      const readable = slot.rules.every((r) => factPaths(r.conditions, paths)) && this.conditions.every((c) => factPaths(c.conditions, paths));
      slot.paths = readable ? [...paths].sort() : null;
      slot.fired = new Map();
    }
    const key = slot.paths ? memoKey(change, slot.paths) : undefined;
    const known = key === undefined ? undefined : slot.fired!.get(key);
    if (known) return known;
    slot.engine ??= this.build(slot.rules);
    const { events } = await slot.engine.run({ change });
    const fired = new Set(events.map((e) => e.type));
    const result = slot.rules.filter((r) => fired.has(r.id));
    if (key !== undefined) slot.fired!.set(key, result);
    return result;
  }

  /** The winning rule: the highest priority one (ties: the first id in order, deterministic). */
  async classify(change: RawChange): Promise<RuleDefinition | undefined> {
    return (await this.matching(change))[0];
  }

  private build(rules: RuleDefinition[]): Engine {
    const engine = new Engine([], { allowUndefinedFacts: true, pathResolver: dottedPath as any });
    addOperators(engine);
    for (const named of this.conditions) engine.setCondition(named.name, withValues(named.conditions) as any);
    for (const rule of rules) {
      const properties: RuleProperties = {
        name: rule.id, priority: rule.priority,
        conditions: withValues(rule.conditions ?? { all: [] }) as any,
        event: { type: rule.id },
      };
      engine.addRule(properties);
    }
    return engine;
  }
}

const cache = new WeakMap<RuleDefinition[], RuleIndex>();
/** One index (and its engines) per rule set, reused for the whole process. */
export function ruleIndexFor(rules: RuleDefinition[], conditions: NamedCondition[]): RuleIndex {
  let index = cache.get(rules);
  if (!index) cache.set(rules, (index = new RuleIndex(rules, conditions)));
  return index;
}
