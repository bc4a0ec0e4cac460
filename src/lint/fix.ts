/**
 * `lint --fix`: safe fixes as text edits at the source ranges the yaml package's Document reports, so
 * everything outside an edit (comments, quoting, indentation, JSON layout) stays byte-identical.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { splitPointer, parentPointer, lastSegment } from '../toolkit/json-pointer.ts';
import type { AppliedFix, LintViolation } from './types.ts';

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

type Located = { node: Node; pair?: Pair };

function nodeAt(root: Node | null, pointer: string): Located | undefined {
  let current: Node | null | undefined = root;
  let pair: Pair | undefined;
  for (const segment of splitPointer(pointer)) {
    if (isMap(current)) {
      pair = current.items.find((p) => isScalar(p.key) && String(p.key.value) === segment) as Pair | undefined;
      current = pair?.value as Node | null | undefined;
    } else if (isSeq(current)) {
      pair = undefined;
      current = current.items[Number(segment)] as Node | undefined;
    } else return undefined;
    if (!current) return undefined;
  }
  return current ? { node: current, pair } : undefined;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
function lineEndAfter(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end + 1;
}
const indentOf = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(lineStart(text, offset), offset))?.[0] ?? '';

function yamlScalar(value: string | number | boolean, json: boolean): string {
  if (typeof value !== 'string') return String(value);
  return json || !/^[A-Za-z_][A-Za-z0-9 _./-]*$/.test(value) || /^(true|false|null|yes|no|on|off|~)$/i.test(value) ? JSON.stringify(value) : value;
}

function removeDuplicates(text: string, seq: YAMLSeq): TextEdit[] | undefined {
  const seen = new Set<string>();
  const edits: TextEdit[] = [];
  seq.items.forEach((item, i) => {
    const node = item as Node;
    const key = JSON.stringify(isScalar(node) ? node.value : (node as any).toJSON?.());
    if (!seen.has(key)) {
      seen.add(key);
      return;
    }
    const [start, valueEnd] = node.range ?? [];
    if (start === undefined || valueEnd === undefined) return;
    if (seq.flow) {
      const previous = (seq.items[i - 1] as Node).range;
      if (previous) edits.push({ start: previous[1], end: valueEnd, text: '' });
      return;
    }
    const from = lineStart(text, start);
    const rest = text.slice(valueEnd, lineEndAfter(text, valueEnd));
    if (/^[ \t]*-[ \t]*$/.test(text.slice(from, start)) && /^[ \t]*(#.*)?\r?\n?$/.test(rest)) edits.push({ start: from, end: lineEndAfter(text, valueEnd), text: '' });
  });
  return edits.length ? edits : undefined;
}

function stripTrailingSlash(text: string, node: Node): TextEdit[] | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
  const [start, end] = node.range;
  const source = text.slice(start, end);
  const slash = source.lastIndexOf('/');
  if (slash < 0 || !/^["']?$/.test(source.slice(slash + 1))) return undefined;
  return [{ start: start + slash, end: start + slash + 1, text: '' }];
}

function setField(text: string, map: YAMLMap, field: string, value: string | number | boolean): TextEdit[] | undefined {
  const existing = map.items.find((p) => isScalar(p.key) && String(p.key.value) === field);
  if (existing && isScalar(existing.value) && existing.value.range) {
    const [start, end] = existing.value.range;
    return [{ start, end, text: JSON.stringify(value) }];
  }
  if (existing || map.items.length === 0) return undefined;
  const first = map.items[0].key as Node;
  const last = map.items[map.items.length - 1];
  const lastEnd = ((last.value as Node | null)?.range ?? (last.key as Node).range)?.[1];
  if (!first.range || lastEnd === undefined) return undefined;
  const jsonKeys = isScalar(first) && first.type === 'QUOTE_DOUBLE';
  const key = jsonKeys ? JSON.stringify(field) : field;
  if (map.flow) {
    const multiline = text.slice(map.range?.[0] ?? first.range[0], first.range[0]).includes('\n');
    const separator = multiline ? `,\n${indentOf(text, first.range[0])}` : ', ';
    return [{ start: lastEnd, end: lastEnd, text: `${separator}${key}: ${JSON.stringify(value)}` }];
  }
  const at = lineEndAfter(text, lastEnd);
  const column = first.range[0] - lineStart(text, first.range[0]);
  const newline = text[at - 1] === '\n' ? '' : '\n';
  return [{ start: at, end: at, text: `${newline}${' '.repeat(column)}${key}: ${JSON.stringify(value)}\n` }];
}

function quoteKey(text: string, pair: Pair | undefined): TextEdit[] | undefined {
  const key = pair?.key as Node | undefined;
  if (!key || !isScalar(key) || key.type !== 'PLAIN' || !key.range) return undefined;
  const [start, end] = key.range;
  return [{ start, end, text: `'${text.slice(start, end)}'` }];
}

function declareTags(text: string, root: Node | null, names: string[]): TextEdit[] | undefined {
  if (!isMap(root) || names.length === 0) return undefined;
  const tagsPair = root.items.find((p) => isScalar(p.key) && p.key.value === 'tags');
  const firstKey = root.items[0]?.key as Node | undefined;
  const json = root.flow === true;
  if (tagsPair && isSeq(tagsPair.value)) {
    const seq = tagsPair.value;
    const items = seq.items as Node[];
    const lastEnd = items.length ? items[items.length - 1].range?.[1] : undefined;
    if (seq.flow) {
      if (lastEnd === undefined) {
        const start = seq.range?.[0];
        if (start === undefined) return undefined;
        return [{ start: start + 1, end: start + 1, text: names.map((n) => `{ "name": ${JSON.stringify(n)} }`).join(', ') }];
      }
      const firstStart = items[0].range![0];
      const multiline = text.slice(seq.range![0], firstStart).includes('\n');
      const separator = multiline ? `,\n${indentOf(text, firstStart)}` : ', ';
      return [{ start: lastEnd, end: lastEnd, text: names.map((n) => `${separator}{ "name": ${JSON.stringify(n)} }`).join('') }];
    }
    if (lastEnd === undefined) return undefined;
    const dash = indentOf(text, items[0].range![0]);
    const at = lineEndAfter(text, lastEnd);
    const newline = text[at - 1] === '\n' ? '' : '\n';
    return [{ start: at, end: at, text: newline + names.map((n) => `${dash}- name: ${yamlScalar(n, false)}\n`).join('') }];
  }
  if (tagsPair || !firstKey?.range) return undefined;
  const last = root.items[root.items.length - 1];
  const lastEnd = ((last.value as Node | null)?.range ?? (last.key as Node).range)?.[1];
  if (lastEnd === undefined) return undefined;
  if (json) {
    const indent = indentOf(text, firstKey.range[0]);
    const list = names.map((n) => `{ "name": ${JSON.stringify(n)} }`).join(', ');
    return [{ start: lastEnd, end: lastEnd, text: `,\n${indent}"tags": [${list}]` }];
  }
  const at = lineEndAfter(text, lastEnd);
  const newline = text[at - 1] === '\n' ? '' : '\n';
  return [{ start: at, end: at, text: `${newline}tags:\n${names.map((n) => `  - name: ${yamlScalar(n, false)}\n`).join('')}` }];
}

const DESCRIPTIONS: Record<string, string> = {
  'remove-duplicates': 'removed duplicate entries',
  'strip-trailing-slash': 'removed the trailing slash',
  set: 'set the field',
  'quote-key': 'quoted the key',
  'declare-tag': 'declared the tag',
};

/** The edits that fix the fixable violations of one file, and what they do. Unsafe cases are skipped. */
export function planFixes(text: string, violations: LintViolation[]): { edits: TextEdit[]; applied: AppliedFix[] } {
  const fixable = violations.filter((v) => v.fix);
  if (!fixable.length) return { edits: [], applied: [] };
  const doc = parseDocument(text, { uniqueKeys: false, strict: false, keepSourceTokens: false });
  const root = doc.contents as Node | null;
  const edits: TextEdit[] = [];
  const applied: AppliedFix[] = [];
  const tags = new Map<string, LintViolation>();
  for (const v of fixable) {
    const fix = v.fix!;
    let planned: TextEdit[] | undefined;
    if (fix.spec.action === 'declare-tag') {
      if (fix.detail !== undefined && !tags.has(fix.detail)) tags.set(fix.detail, v);
      continue;
    }
    if (fix.spec.action === 'remove-duplicates') {
      const found = nodeAt(root, fix.target);
      if (found && isSeq(found.node)) planned = removeDuplicates(text, found.node);
    } else if (fix.spec.action === 'strip-trailing-slash') {
      const found = nodeAt(root, v.pointer);
      if (found) planned = stripTrailingSlash(text, found.node);
    } else if (fix.spec.action === 'set') {
      const found = nodeAt(root, fix.target);
      if (found && isMap(found.node)) planned = setField(text, found.node, fix.spec.field, fix.spec.value);
    } else if (fix.spec.action === 'quote-key') {
      const parent = nodeAt(root, parentPointer(v.pointer));
      if (parent && isMap(parent.node)) {
        const key = lastSegment(v.pointer);
        planned = quoteKey(text, parent.node.items.find((p) => isScalar(p.key) && String(p.key.value) === key) as Pair | undefined);
      }
    }
    if (planned) {
      edits.push(...planned);
      applied.push({ rule: v.rule, file: v.file, pointer: v.pointer, description: DESCRIPTIONS[fix.spec.action] });
    }
  }
  const tagEdits = declareTags(text, root, [...tags.keys()]);
  if (tagEdits) {
    edits.push(...tagEdits);
    for (const [name, v] of tags) applied.push({ rule: v.rule, file: v.file, pointer: v.pointer, description: `declared the tag '${name}'` });
  }
  return { edits, applied };
}

/** Applies edits from the end of the text backwards; an edit overlapping one already applied is dropped. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let floor = Infinity;
  for (const edit of sorted) {
    if (edit.end > floor) continue;
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    floor = edit.start;
  }
  return out;
}
