/** $refs that do not resolve, and components nothing refers to, from the loading stage's view of the refs. */
import { joinPointer, splitPointer } from '../../toolkit/json-pointer.ts';
import { isRecord } from '../../toolkit/values.ts';
import type { LintDocument, RawFinding } from '../types.ts';

export function unresolvedRefs(doc: LintDocument): RawFinding[] {
  return (doc.refs ?? []).filter((r) => r.problem !== undefined).map((r) => ({ pointer: r.pointer, error: r.problem, values: { value: r.ref } }));
}

const COMPONENT_SECTIONS_3 = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems'];

export function unusedComponents(doc: LintDocument): RawFinding[] {
  if (doc.kind.format !== 'openapi' || !isRecord(doc.data)) return [];
  const used = new Set<string>();
  for (const target of doc.refTargets ?? []) {
    // A ref into a component (`#/components/schemas/A/properties/b`) uses the component too.
    const parts = splitPointer(target);
    for (let depth = 1; depth <= parts.length; depth++) used.add(joinPointer('', ...parts.slice(0, depth)));
  }
  const sections: [string, unknown][] =
    doc.kind.version === '2.0'
      ? ['definitions', 'parameters', 'responses'].map((s) => [`/${s}`, (doc.data as any)[s]])
      : COMPONENT_SECTIONS_3.map((s) => [`/components/${s}`, (doc.data as any).components?.[s]]);
  const out: RawFinding[] = [];
  for (const [base, section] of sections) {
    if (!isRecord(section)) continue;
    for (const name of Object.keys(section)) {
      const pointer = joinPointer(base, name);
      if (!used.has(pointer)) out.push({ pointer, error: `${pointer.slice(1)} is never referenced`, values: { value: name } });
    }
  }
  return out;
}
