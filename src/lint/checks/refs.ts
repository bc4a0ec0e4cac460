/** $refs that do not resolve, and components nothing refers to. */
import { hasPointer, isRecord, joinPointer } from '../pointer.ts';
import type { LintDocument, RawFinding } from '../types.ts';
import { refsOf } from './openapi-walk.ts';

export function unresolvedRefs(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const ids = doc.kind.format === 'json-schema' ? anchorsOf(doc.data) : new Set<string>();
  for (const { ref, pointer, scope } of refsOf(doc.data)) {
    if (ref.startsWith('#')) {
      const fragment = ref.slice(1);
      let target: string;
      try {
        target = decodeURIComponent(fragment);
      } catch {
        target = fragment;
      }
      if (target !== '' && !target.startsWith('/')) {
        if (!ids.has(target)) out.push({ pointer, error: `$ref '${ref}' names an anchor that is not defined`, values: { value: ref } });
      } else if (!hasPointer(scope, target)) out.push({ pointer, error: `$ref '${ref}' does not resolve`, values: { value: ref } });
      continue;
    }
    if (ids.has(ref) || ids.has(ref.replace(/#$/, ''))) continue;
    const outcome = doc.resolveExternal?.(ref) ?? 'ok';
    if (outcome === 'missing-file') out.push({ pointer, error: `$ref '${ref}' names a file that does not exist`, values: { value: ref } });
    else if (outcome === 'missing-pointer') out.push({ pointer, error: `$ref '${ref}' does not resolve in its file`, values: { value: ref } });
  }
  return out;
}

/** `$id`, `id` (draft-04) and `$anchor` values, for refs that name them. */
function anchorsOf(data: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      for (const key of ['$id', 'id', '$anchor', '$dynamicAnchor']) if (typeof node[key] === 'string') out.add(node[key].replace(/^#/, ''));
      for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'const' && typeof value === 'object') walk(value);
    }
  };
  walk(data);
  return out;
}

const COMPONENT_SECTIONS_3 = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems'];

export function unusedComponents(doc: LintDocument): RawFinding[] {
  if (doc.kind.format !== 'openapi' || !isRecord(doc.data)) return [];
  const used = new Set<string>();
  for (const { ref } of refsOf(doc.data)) {
    const hash = ref.indexOf('#');
    if (hash < 0) continue;
    const file = ref.slice(0, hash);
    if (file !== '' && file !== '.') continue;
    // A ref into a component (`#/components/schemas/A/properties/b`) uses the component too.
    const parts = decodePointer(ref.slice(hash + 1)).split('/');
    for (let depth = 2; depth <= parts.length; depth++) used.add(parts.slice(0, depth).join('/'));
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

function decodePointer(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
