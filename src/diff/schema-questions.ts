/**
 * Whole-schema questions of a schema comparison: what going from one subschema to another does to the accepted
 * set (`relation`), and what changed inside it, in words (`inside`). Each is answered by a comparison of its own,
 * outside the diff (a nested comparator, which locates nothing and asks no questions of its own, so recursive
 * schemas cannot nest comparisons without end), within a budget of schema pairs counted across the whole diff.
 */
import { describeChanges } from './describe-changes.ts';
import type { RawChange, SchemaEffect } from './types.ts';

/**
 * Schema pairs one diff may compare to answer whole-schema questions (is every old value still accepted by the
 * union?). Each question is bounded on its own, but a spec with thousands of large unions (Stripe's expanded
 * responses) asks thousands of them; past this budget they go unanswered and the member-level verdicts stand,
 * which only ever keeps a finding, never drops one. Counted in pairs, not time, so verdicts are deterministic.
 */
export const PROOF_BUDGET = 1_500;
/** Schema pairs one such question may compare: a question about two large subtrees is not worth its cost. */
export const QUESTION_BUDGET = 500;
/** Thrown inside a nested comparison that spent its question's budget. */
export const OVER_BUDGET = Symbol('whole-schema question over budget');

/** A comparison of its own, abandoned (OVER_BUDGET thrown) past the pair count it was made with. */
export interface QuestionComparison {
  compare(base: unknown, revision: unknown, use: { direction: 'standalone' }): RawChange[];
  changes(): RawChange[];
}

export class WholeSchemaQuestions {
  /** The changes of each question asked (undefined: no answer), kept for `inside`. */
  private readonly memo = new Map<unknown, Map<unknown, RawChange[] | undefined>>();

  /**
   * `nested`: this comparator answers a question itself, so it asks none. `work`: the pairs compared by questions
   * so far, shared by the whole diff. `comparison(end)`: a new comparison to stop at pair count `end`.
   */
  constructor(
    private readonly nested: boolean,
    private readonly work: { spent: number },
    private readonly comparison: (end: number) => QuestionComparison,
  ) {}

  /** The effect of going from `before` to `after` on the accepted set; `incomparable` without an answer. */
  relation(before: unknown, after: unknown): SchemaEffect {
    const changes = this.changes(before, after);
    if (!changes) return 'incomparable';
    const effects = new Set(changes.map((c) => c.effect ?? 'none'));
    effects.delete('none');
    if (effects.size === 0) return 'none';
    return effects.size === 1 && !effects.has('incomparable') ? [...effects][0]! : 'incomparable';
  }

  /** What changed inside a subschema, in words (`enum value "b" added`), for changes judged on it as a whole. */
  inside(before: unknown, after: unknown): string | undefined {
    const changes = this.changes(before, after)?.filter((c) => (c.effect ?? 'none') !== 'none');
    return changes && changes.length > 0 ? describeChanges(changes) : undefined;
  }

  private changes(before: unknown, after: unknown): RawChange[] | undefined {
    if (this.nested) return undefined;
    const known = this.memo.get(before);
    if (known?.has(after)) return known.get(after);
    // Past the budget a question has no answer (incomparable), so the member-level verdicts stand.
    if (this.work.spent > PROOF_BUDGET) return undefined;
    const inner = this.comparison(this.work.spent + QUESTION_BUDGET);
    let changes: RawChange[] | undefined;
    try {
      inner.compare(before, after, { direction: 'standalone' });
      changes = inner.changes();
    } catch (error) {
      if (error !== OVER_BUDGET) throw error;
      changes = undefined;
    }
    if (!this.memo.has(before)) this.memo.set(before, new Map());
    this.memo.get(before)!.set(after, changes);
    return changes;
  }
}
