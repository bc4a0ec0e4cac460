/**
 * Lints a spec and every local file it refers to, each node where it is written, from the loading stage's
 * view of the spec (lint-model.ts): the files and `$ref`s lint sees are the ones diff sees.
 *
 * OpenAPI: the rules run on a merged view (see mount.ts) so path items, operations, parameters, responses
 * and schemas in other files are checked in their place in the API, including against the OpenAPI schema;
 * checks about how a file itself is written ($refs resolving, quoted response codes, unused components)
 * run on each file as written. JSON Schema: schemas in referenced files are linted with the schema rules.
 * Which rule runs where is rule metadata: `files` (api, root, each) and `schemaFiles`.
 * A referenced file that does not parse is a spec-parseable finding where it is.
 */
import type { SpecKind } from '../load/types.ts';
import { lintDocumentFromSource } from './document.ts';
import type { LintModel } from './lint-model.ts';
import { mountSpec } from './mount.ts';
import { unparsableViolations } from './parse-findings.ts';
import { runLint } from './run-lint.ts';
import type { LintDocument, LintRule, LintViolation } from './types.ts';

export interface LintedFiles {
  /** The root document first, then every other file with findings or fixes possible, with absolute paths. */
  docs: { doc: LintDocument; path: string }[];
  violations: LintViolation[];
}

/** A rule's file scope (rule metadata: `files`). */
const scopeOf = (rule: LintRule) => rule.files ?? 'api';

export async function lintSpecFiles(model: LintModel, kind: SpecKind, rootDisplay: string, rules: LintRule[]): Promise<LintedFiles> {
  const rootPath = model.root.path;
  const shown = (path: string) => (path === rootPath ? rootDisplay : model.display(path));
  const docOf = (path: string): LintDocument =>
    lintDocumentFromSource(model.files.get(path)!, kind, shown(path), { refs: model.refs.get(path) ?? [], refTargets: model.targets.get(path) ?? new Set() });
  const root = docOf(rootPath);
  const others = [...model.files.keys()].filter((path) => path !== rootPath);
  const unparsable = [...model.unparsable].flatMap(([path, error]) => unparsableViolations(error, shown(path), kind.format, rules));
  const fileRules = rules.filter((rule) => scopeOf(rule) === 'each');
  if (kind.format !== 'openapi' || others.length === 0) {
    // JSON Schema: each referenced file is linted from the schemas refs point at.
    const referenced = others.map((path) => ({ doc: { ...docOf(path), schemaRoots: [...(model.targets.get(path) ?? [])].sort() }, path }));
    const otherRules = rules.filter((rule) => rule.schemaFiles === true || scopeOf(rule) === 'each');
    const docs = [{ doc: root, path: rootPath }, ...referenced];
    const violations = [...unparsable];
    for (const [i, { doc }] of docs.entries()) violations.push(...(await runLint(doc, i === 0 ? rules : otherRules)));
    return { docs, violations };
  }
  const mounted = mountSpec(model);
  const merged: LintDocument = {
    ...root,
    data: mounted.data,
    refs: undefined,
    refTargets: undefined,
    locate: (pointer) => {
      const at = mounted.locate(pointer);
      return { file: shown(at.path), pointer: at.pointer, line: at.line };
    },
  };
  const docs = [{ doc: root, path: rootPath }, ...others.map((path) => ({ doc: docOf(path), path }))];
  const apiRules = rules.filter((rule) => scopeOf(rule) === 'api');
  const rootRules = rules.filter((rule) => scopeOf(rule) !== 'api');
  const violations = [...unparsable, ...(await runLint(merged, apiRules))];
  for (const [i, { doc }] of docs.entries()) violations.push(...(await runLint(doc, i === 0 ? rootRules : fileRules)));
  return { docs, violations };
}
