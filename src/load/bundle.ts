/**
 * The snapshot content of a contract. A single-file spec is kept byte for byte; a multi-file spec becomes one
 * self-contained document: each external target is inlined where it is first used and later refs to it point
 * there (`#/...`), so loading the bundle gives the same resolved document. In-document refs of the root file
 * are kept as written; http(s) refs without a refs.map entry stay as they are.
 */
import { dirname, extname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { displayPath, readRootText, readSpecText } from './load.ts';
import { escapeSegment, pointerSegments } from '../toolkit/json-pointer.ts';
import { withWrittenNumbers, type NumberPlaceholders } from './bundle-numbers.ts';
import { parseSource } from './parse-source.ts';
import { type Located } from './ref-scan.ts';
import { isRecord } from '../toolkit/values.ts';
import { resolveRefs } from './resolve-refs.ts';
import type { LoadOptions } from './types.ts';

export interface Bundle {
  text: string;
  /** `yaml`, `yml` or `json`: the root file's extension (or its encoding when the extension is another). */
  ext: string;
}

export async function bundleSpec(path: string, options: LoadOptions): Promise<Bundle> {
  const absolute = resolve(options.projectRoot, path);
  const display = (file: string) => displayPath(file, options.projectRoot);
  const raw = await readRootText(absolute, options);
  const source = parseSource(raw, absolute, { displayPath: display(absolute) });
  const written = extname(absolute).slice(1).toLowerCase();
  const ext = ['yaml', 'yml', 'json'].includes(written) ? written : source.encoding;
  const resolved = await resolveRefs(source, {
    dereference: false,
    projectRoot: options.projectRoot,
    refsMap: options.refsMap,
    display,
    readSource: async (file) => parseSource(await readSpecText(file, options), file, { displayPath: display(file) }),
  });
  if (resolved.files.size === 1) return { text: raw, ext };

  const texts = [...resolved.files.values()].map((file) => file.text);
  const text = withWrittenNumbers(texts, source.encoding, (numbers) => {
    const bundled = inlineExternal(source.data, source.path, resolved.targetOf, numbers, (file) => resolved.files.get(file)?.data);
    return source.encoding === 'json' ? `${JSON.stringify(bundled, null, 2)}\n` : stringify(bundled, { aliasDuplicateObjects: false, lineWidth: 0 });
  });
  return { text, ext };
}

type TargetOf = (refObject: object) => Located | undefined;

const refTo = (pointer: string) => `#${pointer.replace(/%/g, '%25').replace(/#/g, '%23')}`;

/** A tree copy of the root file's data with every ref into another file rewritten (inlined or pointed). */
function inlineExternal(rootData: unknown, rootFile: string, targetOf: TargetOf, numbers: NumberPlaceholders, dataOf: (file: string) => unknown): unknown {
  /** Where each node of another file was copied to in the bundle. */
  const placed = new Map<object, string>();
  const inProgress = new Set<object>();
  /** Discriminator mapping values that name a schema by file: rewritten once every node has its place. */
  const mappings: Array<{ mapping: Record<string, unknown>; key: string; file: string; value: string }> = [];

  const setKey = (target: Record<string, unknown>, key: string, value: unknown) => {
    if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    else target[key] = value;
  };

  const copy = (node: unknown, file: string, at: string): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (file !== rootFile && !placed.has(node)) placed.set(node, at);
    if (Array.isArray(node)) return node.map((item, index) => numbers.of(node, String(index), item) ?? copy(item, file, `${at}/${index}`));
    const record = node as Record<string, unknown>;
    const target = typeof record.$ref === 'string' ? targetOf(record) : undefined;
    if (target && (file !== rootFile || target.file !== rootFile)) return rewriteRef(record, target, file, at);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) setKey(out, key, numbers.of(record, key, record[key]) ?? copy(record[key], file, `${at}/${escapeSegment(key)}`));
    const mapping = isRecord(out.discriminator) ? out.discriminator.mapping : undefined;
    if (isRecord(mapping)) {
      for (const [key, value] of Object.entries(mapping)) if (typeof value === 'string' && !value.startsWith('#')) mappings.push({ mapping, key, file, value });
    }
    return out;
  };

  /** `overridden`: keys written beside an outer `$ref` go over the result, so it must not become the target's place. */
  const rewriteRef = (refObject: Record<string, unknown>, target: Located, file: string, at: string, overridden = false): unknown => {
    const siblings = Object.keys(refObject).filter((key) => key !== '$ref');
    const withSiblings = (out: Record<string, unknown>) => {
      for (const key of siblings) setKey(out, key, numbers.of(refObject, key, refObject[key]) ?? copy(refObject[key], file, `${at}/${escapeSegment(key)}`));
      return out;
    };
    const node = target.node;
    if (target.file === rootFile) return withSiblings({ $ref: refTo(target.pointer) });
    if (typeof node !== 'object' || node === null) return node;
    const known = placed.get(node);
    if (known !== undefined && !(known === at)) return withSiblings({ $ref: refTo(known) });
    const onward = (siblings.length > 0 || overridden) && isRecord(node) && typeof node.$ref === 'string' && !inProgress.has(node) ? targetOf(node) : undefined;
    if (onward) {
      // A `$ref` with siblings whose target is another `$ref`: that ref is rewritten in turn (its own file's
      // refs never reach the bundle as written), and these siblings go over the result.
      inProgress.add(node);
      const inner = rewriteRef(node as Record<string, unknown>, onward, target.file, at, true);
      inProgress.delete(node);
      return isRecord(inner) ? withSiblings(inner) : inner;
    }
    if ((siblings.length === 0 && !overridden) || !isRecord(node) || inProgress.has(node)) {
      // Inline the target here; later refs to it (and cycles back to it) point at this place.
      placed.set(node, at);
      inProgress.add(node);
      const inlined = copy(node, target.file, at);
      inProgress.delete(node);
      return siblings.length > 0 && isRecord(inlined) ? withSiblings(inlined) : inlined;
    }
    // `$ref` with siblings: the siblings override the target's keys, so this place is not the target itself.
    inProgress.add(node);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      if (!siblings.includes(key)) setKey(out, key, numbers.of(node, key, node[key]) ?? copy(node[key], target.file, `${at}/${escapeSegment(key)}`));
    }
    inProgress.delete(node);
    return withSiblings(out);
  };

  const bundled = copy(rootData, rootFile, '');
  for (const { mapping, key, file, value } of mappings) {
    const pointer = bundledPlace(value, file);
    if (pointer !== undefined) setKey(mapping, key, refTo(pointer));
  }
  return bundled;

  /**
   * Where the schema a mapping value names by file (`models/cat.yml#/Cat`, relative to the file it is written
   * in) sits in the bundle; undefined for a schema name, a file not bundled or a node copied nowhere.
   */
  function bundledPlace(value: string, file: string): string | undefined {
    const hash = value.indexOf('#');
    const path = hash < 0 ? value : value.slice(0, hash);
    const segments = pointerSegments(hash < 0 ? '' : value.slice(hash));
    if (path === '' || !segments || /^[a-z][a-z0-9+.-]*:/i.test(path)) return undefined;
    const target = resolve(dirname(file), path);
    let node = dataOf(target);
    for (const segment of segments) node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    if (typeof node !== 'object' || node === null) return undefined;
    if (target === rootFile) return segments.map((segment) => `/${escapeSegment(segment)}`).join('');
    return placed.get(node);
  }
}
