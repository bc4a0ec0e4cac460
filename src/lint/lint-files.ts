/**
 * Lints a spec and every local file it refers to, each node where it is written.
 *
 * OpenAPI: the rules run on a merged view (see mount.ts) so path items, operations, parameters, responses
 * and schemas in other files are checked in their place in the API, including against the OpenAPI schema;
 * checks about how a file itself is written ($refs resolving, quoted response codes, unused components)
 * run on each file as written. JSON Schema: schemas in referenced files are linted with the schema rules.
 */
import { resolve } from 'node:path';
import { refsOf } from './checks/openapi-walk.ts';
import { lintDocumentFromSource, SourceCache } from './document.ts';
import { hasExternalRefs, mountSpec, shownPath } from './mount.ts';
import { referencedSchemaDocuments, schemaRulesOnly } from './referenced-files.ts';
import { runLint } from './run-lint.ts';
import type { LintDocument, LintRule, LintViolation } from './types.ts';

/** Checks that judge a file as written, not the API it describes. */
const PER_FILE_CHECKS = new Set(['unresolved-refs']);
/** Checks that need the root file as written (its text, or the refs it holds). */
const ROOT_FILE_CHECKS = new Set(['unused-components', 'response-code-quoted']);

export interface LintedFiles {
  /** The root document first, then every other file with findings or fixes possible, with absolute paths. */
  docs: { doc: LintDocument; path: string }[];
  violations: LintViolation[];
}

export function lintSpecFiles(root: LintDocument, rootPath: string, projectRoot: string, rules: LintRule[], cache = new SourceCache()): LintedFiles {
  if (root.kind.format !== 'openapi' || !hasExternalRefs(refsOf(root.data))) {
    const referenced = referencedSchemaDocuments(root, rootPath, projectRoot, cache);
    const docs = [{ doc: root, path: rootPath }, ...referenced.map((doc) => ({ doc, path: resolve(projectRoot, doc.file) }))];
    const schemaRules = referenced.length ? schemaRulesOnly(rules) : [];
    return { docs, violations: docs.flatMap(({ doc }, i) => runLint(doc, i === 0 ? rules : schemaRules)) };
  }
  const mounted = mountSpec(root, rootPath, projectRoot, cache);
  const shown = (path: string) => (path === rootPath ? root.file : shownPath(path, projectRoot));
  const merged: LintDocument = {
    ...root,
    data: mounted.data,
    resolveExternal: undefined,
    locate: (pointer) => {
      const at = mounted.locate(pointer);
      return { file: shown(at.path), pointer: at.pointer, line: at.line };
    },
  };
  const docs = [{ doc: root, path: rootPath }];
  for (const path of mounted.files.slice(1)) {
    const source = cache.get(path);
    if (source) docs.push({ doc: lintDocumentFromSource(source, root.kind, shown(path), projectRoot, cache), path });
  }
  const apiRules = rules.filter((rule) => !rule.check || (!PER_FILE_CHECKS.has(rule.check) && !ROOT_FILE_CHECKS.has(rule.check)));
  const rootRules = rules.filter((rule) => rule.check && (PER_FILE_CHECKS.has(rule.check) || ROOT_FILE_CHECKS.has(rule.check)));
  const fileRules = rules.filter((rule) => rule.check && PER_FILE_CHECKS.has(rule.check));
  const violations = [...runLint(merged, apiRules), ...docs.flatMap(({ doc }, i) => runLint(doc, i === 0 ? rootRules : fileRules))];
  return { docs, violations };
}
