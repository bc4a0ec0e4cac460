/**
 * Pattern inclusion on seeded random alternations: patterns over `a`, `b`, `c` with groups (some repeated,
 * some lookaheads) and top-level alternatives, each changed by adding, removing or replacing one alternative
 * somewhere. Every verdict other than `incomparable` is checked against every string of up to 5 letters: a
 * pattern called wider must accept each string the old one accepted, and one called narrower must accept none
 * the old one rejected. The checks also count how many verdicts were decided, so a prover that decides nothing
 * fails too.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { patternEffect } from '../../src/diff/pattern-inclusion.ts';
import { seeded } from '../helpers/seeded.ts';

const RUNS = Number(process.env.SPECVER_FUZZ_RUNS ?? 400);
const random = seeded(20261127);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Every string over a, b, c of length 0 to 5. */
const STRINGS = (() => {
  const all = [''];
  for (let length = 1; length <= 5; length++) for (const s of all.filter((x) => x.length === length - 1)) all.push(`${s}a`, `${s}b`, `${s}c`);
  return all;
})();

/** A pattern as nested lists: an alternation is a list of sequences, a sequence a list of parts. */
type Alternation = Sequence[];
type Sequence = Part[];
type Part = string | { group: Alternation; opener: string; quantifier: string };

function alternation(depth: number): Alternation {
  return Array.from({ length: 1 + Math.floor(random() * 3) }, () => sequence(depth));
}
function sequence(depth: number): Sequence {
  return Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
    depth < 2 && random() < 0.4 ? group(depth) : pick(['a', 'b', 'c', 'ab']),
  );
}
function group(depth: number): Part {
  const opener = pick(['(', '(?:', '(', '(?=']);
  // A lookahead takes no quantifier (a syntax error with the `u` flag).
  return { group: alternation(depth + 1), opener, quantifier: opener === '(?=' ? '' : pick(['', '', '?', '+']) };
}
const text = (alt: Alternation): string => alt.map((seq) => seq.map((p) => (typeof p === 'string' ? p : `${p.opener}${text(p.group)})${p.quantifier}`)).join('')).join('|');

/** Every alternation in `alt`, itself included, for a change to land in. */
function alternations(alt: Alternation): Alternation[] {
  return [alt, ...alt.flatMap((seq) => seq.flatMap((p) => (typeof p === 'string' ? [] : alternations(p.group))))];
}

/** One alternative added, removed or replaced in one alternation of a copy of `alt`. */
function changed(alt: Alternation): Alternation {
  const copy: Alternation = structuredClone(alt);
  const target = pick(alternations(copy));
  const change = pick(['add', 'remove', 'replace']);
  if (change === 'add' || target.length === 1) target.splice(Math.floor(random() * (target.length + 1)), 0, sequence(2));
  else if (change === 'remove') target.splice(Math.floor(random() * target.length), 1);
  else target[Math.floor(random() * target.length)] = sequence(2);
  return copy;
}

test(`${RUNS} seeded alternation changes: every decided verdict holds on every string of up to 5 letters`, () => {
  const decided = { widened: 0, narrowed: 0, none: 0, incomparable: 0 };
  for (let run = 0; run < RUNS; run++) {
    const anchored = random() < 0.6;
    const wrap = (alt: Alternation) => (anchored ? `^(?:${text(alt)})$` : text(alt));
    const base = alternation(0);
    const before = wrap(base);
    const after = wrap(changed(base));
    const effect = patternEffect(before, after);
    decided[effect]++;
    if (effect === 'incomparable') continue;
    const old = new RegExp(before, 'u');
    const now = new RegExp(after, 'u');
    for (const s of STRINGS) {
      if (effect !== 'narrowed') assert.ok(!old.test(s) || now.test(s), `${before} -> ${after} (${effect}): "${s}" is no longer accepted`);
      if (effect !== 'widened') assert.ok(!now.test(s) || old.test(s), `${before} -> ${after} (${effect}): "${s}" is newly accepted`);
    }
  }
  // The prover must decide a fair share (most changes here add or remove an alternative where it can see it).
  assert.ok(decided.widened > RUNS / 10 && decided.narrowed > RUNS / 10, JSON.stringify(decided));
});

test.run();
