/**
 * `{ ...base, ...extra }` made so that the objects one place makes share a hidden class.
 *
 * In Node 20 (V8 11.3) an object literal that adds properties after a spread (`{ ...ctx, direction }`), or a
 * spread copy given new properties later, gets a hidden class of its own every time: about 8 µs per object, a
 * map and descriptors of garbage each, and megamorphic reads wherever the objects go. A Stripe `diff` made
 * 12,000 change contexts so. `Object.assign` onto a fresh object copies along shared transitions instead.
 * It would set an own `__proto__` key (parsed data can hold one) as the prototype, so such objects are spread.
 */
export function extended<A extends object, B extends object>(base: A, extra: B): A & B;
export function extended<A extends object, B extends object, C extends object>(base: A, extra: B, more: C): A & B & C;
export function extended(base: object, ...extras: object[]): object {
  if (Object.hasOwn(base, '__proto__') || extras.some((extra) => Object.hasOwn(extra, '__proto__'))) return extras.reduce((all, extra) => ({ ...all, ...extra }), { ...base });
  return Object.assign({}, base, ...extras);
}
