/**
 * JSON Pointers built only when asked for. A walk of a large document makes a place per node it passes, but
 * reads the pointer of the few that are reported: building every pointer string was most of a walk's cost.
 */
import { escapeSegment, lastSegment, splitPointer } from '../toolkit/json-pointer.ts';

/** A pointer string, or a lazily joined parent place and segment. */
export type Place = string | LazyPointer;

export class LazyPointer {
  private text: string | undefined;
  constructor(
    private readonly parent: Place,
    readonly segment: string | number,
  ) {}
  get pointer(): string {
    this.text ??= `${pointerOf(this.parent)}/${escapeSegment(this.segment)}`;
    return this.text;
  }
  /** Whether a segment of this pointer (unescaped, as splitPointer gives it) passes `test`, read without building it. */
  someSegment(test: (segment: string) => boolean): boolean {
    if (this.text !== undefined) return splitPointer(this.text).some(test);
    return test(String(this.segment)) || someSegment(this.parent, test);
  }
}

export const pointerOf = (place: Place): string => (typeof place === 'string' ? place : place.pointer);

/** Whether a segment of a place's pointer passes `test` (see LazyPointer.someSegment). */
export const someSegment = (place: Place, test: (segment: string) => boolean): boolean =>
  typeof place === 'string' ? splitPointer(place).some(test) : place.someSegment(test);

/** The key a place's node sits at, as lastSegment of its pointer reads it (undefined for the root). */
export const keyOfPlace = (place: Place): string | undefined =>
  typeof place !== 'string' ? String(place.segment) : place === '' ? undefined : lastSegment(place);

/** A match (value and key) whose pointer is built from its place when read. */
export class LazyMatch {
  constructor(
    private readonly place: Place,
    readonly value: unknown,
    readonly key: string | number | null | undefined,
  ) {}
  get pointer(): string {
    return pointerOf(this.place);
  }
  someSegment(test: (segment: string) => boolean): boolean {
    return someSegment(this.place, test);
  }
}

/** Whether a segment of a match's pointer passes `test`: a lazy match's pointer is not built for it. */
export const matchHasSegment = (match: { pointer: string }, test: (segment: string) => boolean): boolean =>
  match instanceof LazyMatch ? match.someSegment(test) : splitPointer(match.pointer).some(test);
