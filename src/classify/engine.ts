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

interface Slot { rules: RuleDefinition[]; engine?: Engine }

export class RuleIndex {
  private readonly slots = new Map<string, Slot>();

  constructor(rules: RuleDefinition[], private readonly conditions: NamedCondition[]) {
    for (const rule of rules) {
      for (const kind of rule.on.kind) {
        for (const action of rule.on.action ?? CHANGE_ACTIONS) {
          const key = `${kind}:${action}`;
          let slot = this.slots.get(key);
          if (!slot) this.slots.set(key, (slot = { rules: [] }));
          slot.rules.push(rule);
        }
      }
    }
    for (const slot of this.slots.values()) slot.rules.sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id));
  }

  /** Every rule that fires for the change, highest priority first. */
  async matching(change: RawChange): Promise<RuleDefinition[]> {
    const slot = this.slots.get(`${change.kind}:${change.action}`);
    if (!slot) return [];
    if (slot.rules.every((r) => !r.conditions)) return slot.rules;
    slot.engine ??= this.build(slot.rules);
    const { events } = await slot.engine.run({ change });
    const fired = new Set(events.map((e) => e.type));
    return slot.rules.filter((r) => fired.has(r.id));
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
