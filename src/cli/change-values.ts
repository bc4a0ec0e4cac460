/**
 * The values before and after each change, for the HTML report's details: each change's JSON Pointer is looked
 * up in both sides, as the comparison read them (loaded again only where it ran on a worker thread). A base read
 * at a git ref is not shown, so its changes show the current side only.
 */
import { join } from 'node:path';
import type { Finding } from '../classify/types.ts';
import type { Comparison, LoadedSides } from '../pipeline/comparison.ts';
import type { SideValue, ValuesOf } from '../report/diff-html.ts';
import type { SideNode } from '../classify/types.ts';
import type { LoadedSpec } from '../load/types.ts';
import type { Context } from './context.ts';
import { valueAt } from '../toolkit/json-pointer.ts';

/** Levels a pointer may be shortened by when it names a node the loaded document does not have as such. */
const MAX_UP = 2;

/**
 * The node at `pointer`, or, when it names something the document holds differently (an enum value of an
 * allOf member, a keyword the comparison reads through), its nearest enclosing node, at most MAX_UP levels up.
 */
export function nearest(document: unknown, pointer: string): { value: unknown; at: string } | undefined {
  let at = pointer;
  for (let up = 0; up <= MAX_UP && document !== undefined; up++) {
    const value = valueAt(document, at);
    if (value !== undefined) return { value, at };
    if (at === '') return undefined;
    at = at.slice(0, at.lastIndexOf('/'));
  }
  return undefined;
}

/**
 * The value of one side of a change: the node the comparison read there (Finding.sides: the schema that changed,
 * in whichever file it is written), else the change's own pointer in the resolved document.
 */
export function sideValue(spec: LoadedSpec | undefined, root: string, node: SideNode | undefined, location: string): SideValue | undefined {
  if (!spec) return undefined;
  if (node) {
    const file = join(root, node.file);
    const data = file === spec.path ? spec.document : spec.files.get(file)?.data;
    const found = data === undefined ? undefined : nearest(data, node.pointer);
    if (found) return found;
  }
  return nearest(spec.document, location);
}

/** `kept`: the documents the comparisons read in this thread (by contract name); the others are loaded here. */
export async function changeValues(ctx: Context, comparisons: Comparison[], kept?: ReadonlyMap<string, LoadedSides>): Promise<ValuesOf> {
  const [{ loadConfig }, { loadSpec }] = await Promise.all([import('../config/load-config.ts'), import('../load/load.ts')]);
  const config = await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath });
  const documents = new Map<string, { base?: LoadedSpec; revision: LoadedSpec }>();
  for (const { contract, base, hasBase, summary } of comparisons) {
    if (!hasBase || summary.total === 0) continue;
    const options = { projectRoot: config.root, refsMap: config.refsMap, expectedFormat: contract.format };
    const held = kept?.get(contract.name);
    const revision = held?.revision ?? (await loadSpec(join(config.root, contract.path), options));
    const baseSpec = base.version ? (held?.base ?? (await loadSpec(join(config.root, base.file), options))) : undefined;
    documents.set(contract.name, { base: baseSpec, revision });
  }
  return (comparison: Comparison, finding: Finding) => {
    const docs = documents.get(comparison.contract.name);
    if (!docs) return {};
    // A pointer of one side names nothing on the other (a schema renamed, a file moved): without a node there,
    // the other side's pointer is not looked up in it.
    const before = finding.sides && !finding.sides.base ? undefined : sideValue(docs.base, config.root, finding.sides?.base, finding.location);
    const after = finding.sides && !finding.sides.revision ? undefined : sideValue(docs.revision, config.root, finding.sides?.revision, finding.location);
    return { before, after };
  };
}
