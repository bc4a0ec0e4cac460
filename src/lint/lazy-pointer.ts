/**
 * JSON Pointers built only when asked for. A walk of a large document makes a place per node it passes, but
 * reads the pointer of the few that are reported: building every pointer string was most of a walk's cost.
 */
import { escapeSegment } from '../toolkit/json-pointer.ts';

/** A pointer string, or a lazily joined parent place and segment. */
export type Place = string | LazyPointer;

export class LazyPointer {
  private text: string | undefined;
  constructor(
    private readonly parent: Place,
    private readonly segment: string | number,
  ) {}
  get pointer(): string {
    this.text ??= `${pointerOf(this.parent)}/${escapeSegment(this.segment)}`;
    return this.text;
  }
}

export const pointerOf = (place: Place): string => (typeof place === 'string' ? place : place.pointer);

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
}
