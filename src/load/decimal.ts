/**
 * Exact decimal values of number literals, as written (JSON, or YAML 1.2 core: decimal, 0x/0o/0b), so numbers a
 * double cannot hold exactly can still be told apart and ordered.
 */

/** value = (negative ? -1 : 1) * 0.<digits> * 10^point; zero has no digits. */
export interface Decimal {
  negative: boolean;
  /** Significant digits, without leading or trailing zeros ('' for zero). */
  digits: string;
  point: number;
}

const DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;
/** YAML 1.2 core integers in base 16, 8 or 2, with only that base's digits (`0b12`, `0o9` are not numbers). */
const PREFIXED = /^([-+]?)(0x[0-9a-f]+|0o[0-7]+|0b[01]+)$/i;

/** The exact value of a number literal, or undefined when it is not one (`.inf`, `NaN`, `Infinity`, text). */
export function parseDecimal(literal: string): Decimal | undefined {
  const text = literal.includes('_') ? literal.replace(/_/g, '') : literal;
  const prefixed = PREFIXED.exec(text);
  if (prefixed) {
    const parsed = parseDecimal(BigInt(prefixed[2].toLowerCase()).toString());
    return parsed && { ...parsed, negative: prefixed[1] === '-' && parsed.digits !== '' };
  }
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const all = whole + fraction;
  let start = 0;
  while (start < all.length && all.charCodeAt(start) === 48) start++;
  let end = all.length;
  while (end > start && all.charCodeAt(end - 1) === 48) end--;
  const digits = all.slice(start, end);
  if (digits === '') return { negative: false, digits: '', point: 0 };
  return { negative: sign === '-', digits, point: whole.length + Number(exponent) - start };
}

/** One string per exact value: `1e30`, `1000000000000000000000000000000` and `1.0E+30` share it. */
export function decimalKey(value: Decimal): string {
  return value.digits === '' ? '0' : `${value.negative ? '-' : ''}0.${value.digits}e${value.point}`;
}

/** A JSON number literal for the exact value: plain digits for integers of reasonable size, else 1.23e45. */
export function jsonLiteral(value: Decimal): string {
  if (value.digits === '') return '0';
  const sign = value.negative ? '-' : '';
  if (value.point >= value.digits.length && value.point <= 400) return sign + value.digits.padEnd(value.point, '0');
  const rest = value.digits.length > 1 ? `.${value.digits.slice(1)}` : '';
  return `${sign}${value.digits[0]}${rest}e${value.point - 1}`;
}

/** The exact value a double stands for: its shortest round-trip text (`0.1` for 0.1), undefined for NaN/Infinity. */
export function decimalOfDouble(value: number): Decimal | undefined {
  return Number.isFinite(value) ? parseDecimal(String(value)) : undefined;
}

/** The double a parser reads the literal as (JSON.parse and js-yaml both round to nearest). */
export function doubleOfLiteral(literal: string): number {
  const text = literal.replace(/_/g, '');
  return text[0] === '-' && PREFIXED.test(text) ? -Number(text.slice(1)) : Number(text[0] === '+' && PREFIXED.test(text) ? text.slice(1) : text);
}

/** True when the literal's exact value is not the value its parsed double stands for. */
export function isInexact(literal: string, parsed: number): boolean {
  const exact = parseDecimal(literal);
  if (!exact) return false;
  const stood = decimalOfDouble(parsed);
  return !stood || decimalKey(stood) !== decimalKey(exact);
}

/** Orders exact values (negative, zero, positive; then by magnitude). */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const signOf = (d: Decimal) => (d.digits === '' ? 0 : d.negative ? -1 : 1);
  const sa = signOf(a);
  const sb = signOf(b);
  if (sa !== sb || sa === 0) return sa - sb;
  let magnitude = a.point !== b.point ? a.point - b.point : a.digits === b.digits ? 0 : a.digits < b.digits ? -1 : 1;
  magnitude = Math.sign(magnitude);
  return sa * magnitude;
}
