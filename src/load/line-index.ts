/**
 * JSON Pointer -> line lookups for parsed files. Built on first use only (most runs never print a location),
 * then memoized by the caller.
 */
import { load as loadYaml } from 'js-yaml';
import { SPEC_SCHEMA } from './yaml-schema.ts';

/** Looks up the 1-based line of the node at a pointer (the key's line for a mapping entry). */
export type LineLookup = (segments: readonly string[]) => number | undefined;

// ---------------------------------------------------------------------------------------------- JSON

/** A node of the JSON position tree: the line it starts on and, for containers, its children. */
interface JsonPosition {
  line: number;
  keys?: Map<string, JsonPosition>;
  items?: JsonPosition[];
}

export class JsonSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

/**
 * One pass over JSON text recording where every value starts. Also used to locate a syntax error when
 * JSON.parse gives no position. Iterative, so deep nesting cannot overflow the stack.
 */
export function scanJsonPositions(text: string): JsonPosition {
  let index = 0;
  let line = 1;
  const length = text.length;

  const fail = (reason: string): never => {
    throw new JsonSyntaxError(reason, Math.min(index, length));
  };
  const skipWhitespace = () => {
    while (index < length) {
      const c = text.charCodeAt(index);
      if (c === 10) line++;
      else if (c !== 32 && c !== 9 && c !== 13) break;
      index++;
    }
  };
  const readString = (): string => {
    // index is at the opening quote
    const start = ++index;
    let escaped = false;
    while (index < length) {
      const c = text.charCodeAt(index);
      if (c === 34) {
        const raw = text.slice(start, index++);
        if (!escaped) return raw;
        return JSON.parse(`"${raw}"`) as string;
      }
      if (c === 92) {
        escaped = true;
        index += 2;
        continue;
      }
      if (c === 10 || c < 32) fail('control character in string');
      index++;
    }
    return fail('unterminated string');
  };
  const skipScalar = () => {
    const match = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(index, index + 400));
    if (!match) fail(index >= length ? 'unexpected end of JSON' : `unexpected character '${text[index]}'`);
    index += match![0].length;
  };

  interface Frame {
    position: JsonPosition;
    pendingKey?: string;
  }
  const stack: Frame[] = [];
  let root: JsonPosition | undefined;

  const readValue = (): JsonPosition => {
    skipWhitespace();
    const position: JsonPosition = { line };
    const c = text[index];
    if (c === '{') {
      position.keys = new Map();
      index++;
    } else if (c === '[') {
      position.items = [];
      index++;
    } else if (c === '"') readString();
    else skipScalar();
    return position;
  };

  const attach = (position: JsonPosition) => {
    const frame = stack[stack.length - 1];
    if (!frame) root = position;
    else if (frame.position.items) frame.position.items.push(position);
    else if (frame.pendingKey !== undefined) {
      frame.position.keys!.set(frame.pendingKey, position);
      frame.pendingKey = undefined;
    }
    if (position.keys || position.items) stack.push({ position });
  };

  // Reads the next key of an object frame (or its end); returns false when the object closed.
  const nextMember = (frame: Frame, first: boolean): boolean => {
    skipWhitespace();
    if (text[index] === '}') {
      index++;
      stack.pop();
      return false;
    }
    if (!first) {
      if (text[index] !== ',') fail("expected ',' or '}' after property value");
      index++;
      skipWhitespace();
    }
    if (text[index] !== '"') fail('expected a double-quoted property name');
    const keyLine = line;
    const key = readString();
    skipWhitespace();
    if (text[index] !== ':') fail("expected ':' after property name");
    index++;
    frame.pendingKey = key;
    const value = readValue();
    value.line = keyLine; // a mapping entry reports the key's line
    attach(value);
    return true;
  };
  const nextItem = (first: boolean): boolean => {
    skipWhitespace();
    if (text[index] === ']') {
      index++;
      stack.pop();
      return false;
    }
    if (!first) {
      if (text[index] !== ',') fail("expected ',' or ']' after array element");
      index++;
    }
    attach(readValue());
    return true;
  };

  attach(readValue());
  const started = new WeakSet<Frame>();
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const first = !started.has(frame);
    started.add(frame);
    if (frame.position.keys) nextMember(frame, first && frame.position.keys.size === 0);
    else nextItem(first && frame.position.items!.length === 0);
  }
  skipWhitespace();
  if (index < length) fail('unexpected content after the end of the JSON document');
  return root!;
}

export function jsonLineLookup(text: string): LineLookup {
  const root = scanJsonPositions(text);
  return (segments) => {
    let node: JsonPosition | undefined = root;
    for (const segment of segments) {
      if (!node) return undefined;
      if (node.keys) node = node.keys.get(segment);
      else if (node.items && /^(0|[1-9]\d*)$/.test(segment)) node = node.items[Number(segment)];
      else return undefined;
    }
    return node?.line;
  };
}

/** 1-based line of a character offset. */
export function lineAtOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

// ---------------------------------------------------------------------------------------------- YAML

/** A node seen by js-yaml's listener: where it opened and, for collections, its children in order. */
interface YamlFrame {
  line: number;
  result?: unknown;
  kind?: string | null;
  kids: YamlFrame[];
}

/**
 * Re-parses with js-yaml's event listener (several times faster than building a `yaml` Document on multi-MB
 * files) and records where each node starts. Mapping children come as key, value, key, value...; js-yaml wraps
 * block sequence items and explicit keys in an extra node with the same value, which is unwrapped.
 */
export function yamlLineLookup(text: string): LineLookup {
  const stack: YamlFrame[] = [];
  let root: YamlFrame | undefined;
  const byObject = new Map<object, YamlFrame>();
  loadYaml(text, {
    schema: SPEC_SCHEMA,
    listener(event, state) {
      if (event === 'open') {
        stack.push({ line: state.line + 1, kids: [] });
        return;
      }
      let frame = stack.pop()!;
      frame.result = state.result;
      frame.kind = state.kind;
      while (frame.kids.length === 1 && frame.kids[0].result === frame.result && frame.kind !== 'mapping') {
        frame = { ...frame.kids[0], line: frame.line };
      }
      if (frame.kind === 'mapping' || frame.kind === 'sequence') {
        const value = frame.result;
        if (typeof value === 'object' && value !== null && !byObject.has(value)) byObject.set(value, frame);
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.kids.push(frame);
      else root = frame;
    },
  });
  // An alias (kind null) or a wrapper around a collection: navigate the frame that defined the object.
  const structural = (frame: YamlFrame): YamlFrame => {
    const value = frame.result;
    if (frame.kind !== 'mapping' && frame.kind !== 'sequence' && typeof value === 'object' && value !== null) {
      return byObject.get(value) ?? frame;
    }
    if (frame.kind === 'mapping' && frame.kids.length === 1 && frame.kids[0].result === value) return structural(frame.kids[0]);
    return frame;
  };
  const entries = new Map<YamlFrame, Map<string, { key: YamlFrame; value: YamlFrame }>>();
  const entriesOf = (node: YamlFrame) => {
    let map = entries.get(node);
    if (!map) {
      map = new Map();
      for (let i = 0; i + 1 < node.kids.length; i += 2) map.set(String(node.kids[i].result), { key: node.kids[i], value: node.kids[i + 1] });
      entries.set(node, map);
    }
    return map;
  };
  return (segments) => {
    if (!root) return undefined;
    let frame = root;
    let line = root.line;
    for (const segment of segments) {
      const node = structural(frame);
      if (node.kind === 'mapping') {
        const entry = entriesOf(node).get(segment);
        if (!entry) return undefined;
        line = entry.key.line;
        frame = entry.value;
      } else if (node.kind === 'sequence' && /^(0|[1-9]\d*)$/.test(segment)) {
        const item = node.kids[Number(segment)];
        if (!item) return undefined;
        line = item.line;
        frame = item;
      } else return undefined;
    }
    return line;
  };
}
