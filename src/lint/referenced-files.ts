/**
 * Multi-file JSON Schemas: schemas written in other local files (reached through `$ref`s at schema positions)
 * are linted where they live, with the schema rules only, so every finding carries its own file and line.
 * (Multi-file OpenAPI documents are linted through a merged view instead: see mount.ts.)
 */
import { dirname, relative, resolve } from 'node:path';
import { SourceCache } from './document.ts';
import { isReallyInside } from '../store/safe-path.ts';
import { isRecord } from './pointer.ts';
import { schemasOf } from './schema-walk.ts';
import type { LintDocument, LintRule } from './types.ts';

/** Checks that judge single schemas; they make sense in a file that holds schemas only. */
export const SCHEMA_CHECKS = new Set(['enum-type', 'array-items', 'duplicate-enum', 'duplicate-required', 'required-defined', 'pattern-compiles', 'examples-valid']);

export function schemaRulesOnly(rules: LintRule[]): LintRule[] {
  return rules.filter((rule) => rule.check !== undefined && SCHEMA_CHECKS.has(rule.check));
}

interface Pending {
  file: string;
  roots: Set<string>;
}

/**
 * The referenced files of a document (breadth first, each file once), as LintDocuments limited to the
 * schemas other files point at. Unreadable or unparsable files are skipped: refs-resolve reports them.
 */
export function referencedSchemaDocuments(root: LintDocument, rootPath: string, projectRoot: string, cache = new SourceCache()): LintDocument[] {
  const pending = new Map<string, Pending>();
  const done = new Set<string>([rootPath]);
  const collect = (doc: LintDocument, from: string) => {
    for (const { schema } of schemasOf(doc)) {
      const ref = schema.$ref;
      if (typeof ref !== 'string' || ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref)) continue;
      const [address, fragment = ''] = ref.split('#');
      let file: string;
      try {
        file = resolve(dirname(from), decodeURIComponent(address));
      } catch {
        continue;
      }
      if (!isReallyInside(projectRoot, file) || done.has(file)) continue;
      const entry = pending.get(file) ?? { file, roots: new Set<string>() };
      entry.roots.add(fragment.startsWith('/') ? decodeURIComponent(fragment) : '');
      pending.set(file, entry);
    }
  };
  collect(root, rootPath);
  const out: LintDocument[] = [];
  while (pending.size) {
    const [file, entry] = pending.entries().next().value as [string, Pending];
    pending.delete(file);
    done.add(file);
    const source = cache.get(file);
    if (!source) continue;
    if (!isRecord(source.data) && !Array.isArray(source.data)) continue;
    const shown = relative(projectRoot, file).split('\\').join('/');
    const doc: LintDocument = { kind: root.kind, data: source.data, text: source.text, encoding: source.encoding, file: shown, lineOf: (pointer) => source.lineOf(pointer), schemaRoots: [...entry.roots].sort() };
    out.push(doc);
    collect(doc, file);
  }
  return out;
}
