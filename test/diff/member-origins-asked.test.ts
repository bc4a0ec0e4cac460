/**
 * Union members are asked where they were written only when that can change their pairing: finding it for a
 * member of a whole-schema question (whose pointers are not the document's) walks the whole document.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchMembers, type MemberKey } from '../../src/diff/match-members.ts';

/** A member key whose place of writing must not be asked for. */
function unasked(hash: string, shape: string[] = []): MemberKey {
  return {
    hash,
    shape,
    get origin(): string {
      throw new Error(`the origin of member ${hash} was asked for`);
    },
  };
}

test('one member left on each side of lists of one length pairs without asking where either was written', () => {
  const keys = { base: [unasked('s'), unasked('a1', ['type:object'])], revision: [unasked('s'), unasked('a2', ['type:array'])] };
  const matched = matchMembers([0, 1], [0, 1], (_, i) => keys.base[i]!, (_, j) => keys.revision[j]!);
  assert.equal(matched.pairs, [[0, 0], [1, 1]]);
  assert.equal([matched.removed, matched.added], [[], []]);
});

test('with more than one member left, the place of writing still decides before the shape', () => {
  const key = (hash: string, origin: string, shape: string[]): MemberKey => ({ hash, origin, shape });
  const base = [key('x1', '#/components/schemas/A', ['type:object', 'prop:a']), key('y1', '#/components/schemas/B', ['type:object', 'prop:b'])];
  const revision = [key('y2', '#/components/schemas/B', ['type:object', 'prop:a']), key('x2', '#/components/schemas/A', ['type:object', 'prop:b'])];
  assert.equal(matchMembers([0, 1], [0, 1], (_, i) => base[i]!, (_, j) => revision[j]!).pairs, [[0, 1], [1, 0]]);
});

test.run();
