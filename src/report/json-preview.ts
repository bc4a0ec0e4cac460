/**
 * The first lines of a value as indented JSON (`JSON.stringify(value, cut, 2)`, where `cut` prints an object met
 * before as "[circular]"), and how many lines follow them, without writing those: a change's value can be a
 * schema whose references reach most of a large spec, and the report shows 40 lines of it. Lines past the shown
 * ones are counted up to a limit.
 */

export interface JsonPreview {
  /** The shown lines, joined. */
  text: string;
  /** Lines after them (0: the whole value is shown); `counted` false when counting stopped at the limit. */
  more: number;
  counted: boolean;
}

const STOP = new Error('count limit');
const INDENT = '  ';

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

class Lines {
  readonly shown: string[] = [];
  private current = '';
  total = 1;

  constructor(
    private readonly keep: number,
    private readonly limit: number,
  ) {}

  write(text: string): void {
    if (this.total <= this.keep) this.current += text;
  }

  /** Whether the line being written is shown (what is not shown is only counted, so nothing is built for it). */
  get showing(): boolean {
    return this.total <= this.keep;
  }

  newline(indent: string): void {
    if (this.total <= this.keep) this.shown.push(this.current);
    this.total++;
    if (this.total > this.keep + this.limit) throw STOP;
    this.current = this.total <= this.keep ? indent : '';
  }

  end(): void {
    if (this.total <= this.keep) this.shown.push(this.current);
  }
}

/** `keep` lines of the value's JSON; undefined when it has no JSON text (undefined, a function) or defines toJSON. */
export function jsonPreview(value: unknown, keep: number, limit: number): JsonPreview | undefined {
  if (omitted(value)) return undefined;
  const lines = new Lines(keep, limit);
  const seen = new WeakSet<object>();
  const write = (node: unknown, indent: string): void => {
    let v = node;
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) v = '[circular]';
      else {
        if (typeof (v as { toJSON?: unknown }).toJSON === 'function') throw TO_JSON;
        seen.add(v);
      }
    }
    if (typeof v !== 'object' || v === null) {
      if (lines.showing) lines.write(JSON.stringify(v) as string);
      return;
    }
    const inner = indent + INDENT;
    if (Array.isArray(v)) {
      if (v.length === 0) return lines.write('[]');
      lines.write('[');
      for (let i = 0; i < v.length; i++) {
        lines.newline(inner);
        if (omitted(v[i])) lines.write('null');
        else write(v[i], inner);
        if (i < v.length - 1) lines.write(',');
      }
      lines.newline(indent);
      return lines.write(']');
    }
    const record = v as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => !omitted(record[key]));
    if (keys.length === 0) return lines.write('{}');
    lines.write('{');
    keys.forEach((key, i) => {
      lines.newline(inner);
      if (lines.showing) lines.write(`${JSON.stringify(key)}: `);
      write(record[key], inner);
      if (i < keys.length - 1) lines.write(',');
    });
    lines.newline(indent);
    lines.write('}');
  };
  try {
    write(value, '');
    lines.end();
  } catch (error) {
    if (error === TO_JSON) return undefined;
    if (error !== STOP) throw error;
    return { text: lines.shown.join('\n'), more: limit, counted: false };
  }
  return { text: lines.shown.join('\n'), more: Math.max(0, lines.total - keep), counted: true };
}

const TO_JSON = new Error('toJSON');
