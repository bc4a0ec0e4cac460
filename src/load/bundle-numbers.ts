/**
 * A bundled snapshot is written from parsed data, where a number a double cannot hold exactly has lost its
 * value: such numbers go through the writer as placeholder strings and are replaced by their literal after.
 */
import { jsonLiteral, parseDecimal } from './decimal.ts';
import { writtenNumber } from './exact-numbers.ts';
import type { SourceEncoding } from './types.ts';

export interface NumberPlaceholders {
  /** The placeholder for `container[key]` when it is a number with a kept literal, else undefined. */
  of(container: object, key: string, value: unknown): string | undefined;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** Runs `write` (which serialises the bundle) and puts every kept literal back in its output. */
export function withWrittenNumbers(sources: string[], encoding: SourceEncoding, write: (numbers: NumberPlaceholders) => string): string {
  const literals: string[] = [];
  let prefix: string | undefined;
  const numbers: NumberPlaceholders = {
    of(container, key, value) {
      if (typeof value !== 'number') return undefined;
      const literal = writtenNumber(container, key);
      if (literal === undefined) return undefined;
      // A placeholder no source contains, so no real string is ever taken for one.
      if (prefix === undefined) {
        prefix = 'specverNumber';
        for (let n = 0; sources.some((text) => text.includes(prefix!)); n++) prefix = `specverNumber${n}x`;
      }
      literals.push(literal);
      return `${prefix}${literals.length - 1}z`;
    },
  };
  const text = write(numbers);
  if (prefix === undefined) return text;
  const placeholder = new RegExp(encoding === 'json' ? `"${prefix}(\\d+)z"` : `${prefix}(\\d+)z`, 'g');
  return text.replace(placeholder, (_, index: string) => {
    const literal = literals[Number(index)];
    // A YAML literal (0x..., 1_000) in a JSON bundle is written as its exact decimal value.
    return encoding === 'json' && !JSON_NUMBER.test(literal) ? jsonLiteral(parseDecimal(literal)!) : literal;
  });
}
