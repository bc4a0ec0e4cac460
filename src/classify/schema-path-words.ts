/**
 * How a schema path (`tags[]`, `[].id`, `orders[].lines[]`, the comparator's Walk.schemaPath) reads in a message:
 * array items are worded as items ("items of property tags", "id of items"), never as `property tags[]`. A path
 * without items, or one whose names cannot be told apart from the markers (a pattern or a name holding `[`, `.`
 * or `/`), stays as written.
 */
type Step = { kind: 'property'; name: string } | { kind: 'items' } | { kind: 'item'; index: string };

const STEP = /\[(\d*)\]|\.?([^.[\]/*]+)/y;

function stepsOf(path: string): Step[] | undefined {
  const steps: Step[] = [];
  STEP.lastIndex = 0;
  while (STEP.lastIndex < path.length) {
    const at = STEP.lastIndex;
    const match = STEP.exec(path);
    if (!match || (match[2] !== undefined && at > 0 && !path.startsWith('.', at) && !path.startsWith(']', at - 1))) return undefined;
    if (match[2] !== undefined) steps.push({ kind: 'property', name: match[2] });
    else steps.push(match[1] === '' ? { kind: 'items' } : { kind: 'item', index: match[1]! });
  }
  return steps;
}

export interface WordedPath {
  /** The words, innermost first: "id of items of property tags" (a property last is its bare name). */
  words: string;
  /** Whether the path ends in a property (the message's own "property" word then applies). */
  endsInProperty: boolean;
}

/** The path in words, or undefined when it holds no items (it reads well as written). */
export function wordedSchemaPath(path: string): WordedPath | undefined {
  if (!path.includes('[')) return undefined;
  const steps = stepsOf(path);
  if (!steps || steps.length === 0) return undefined;
  const word = (step: Step, bare: boolean) => (step.kind === 'property' ? (bare ? step.name : `property ${step.name}`) : step.kind === 'items' ? 'items' : `item ${step.index}`);
  const last = steps[steps.length - 1]!;
  const words = [word(last, true), ...steps.slice(0, -1).reverse().map((step) => word(step, false))].join(' of ');
  return { words, endsInProperty: last.kind === 'property' };
}

/** `{{target}}` of a schema path: "request body items", "response schema Pet items of property tags". */
export function schemaTarget(subject: string, path: string): string {
  const worded = wordedSchemaPath(path);
  if (!worded) return `${subject} property ${path}`;
  return worded.endsInProperty ? `${subject} property ${worded.words}` : `${subject} ${worded.words}`;
}

/** `{{schemaPath}}`, written after the word "property" in messages: "id of items of property tags". */
export function schemaPathWords(path: string): string {
  return wordedSchemaPath(path)?.words ?? path;
}
