/** Contract names derived from spec file names: valid (CONTRACT_NAME_PATTERN) and unique. */
import { posix } from 'node:path';
import { CONTRACT_NAME_PATTERN } from '../types.ts';

/** File names that say nothing about the API: the parent directory names it instead. */
const GENERIC_BASE_NAMES = new Set(['openapi', 'swagger', 'api', 'spec', 'schema', 'index', 'main', 'root']);

/** Makes any text a valid contract name (invalid characters become `-`). */
export function sanitiseName(text: string): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100)
    .replace(/[^A-Za-z0-9]+$/, '');
  return CONTRACT_NAME_PATTERN.test(cleaned) ? cleaned : 'contract';
}

/** `api/petstore.yaml` -> `petstore`; `schemas/order-event.schema.json` -> `order-event`; `catalog/openapi.yaml` -> `catalog`. */
export function nameFromPath(relativePath: string): string {
  const base = posix.basename(relativePath).replace(/\.(ya?ml|json)$/i, '').replace(/\.schema$/i, '');
  const parent = posix.basename(posix.dirname(relativePath));
  if (GENERIC_BASE_NAMES.has(base.toLowerCase()) && parent && parent !== '.') return sanitiseName(parent);
  return sanitiseName(base);
}

/**
 * Unique names for paths (in the given order): a clash is first resolved with the parent directory as a
 * prefix (`v2-petstore`), then with a numeric suffix (`petstore-2`). `taken` holds names already in use.
 */
export function uniqueNames(relativePaths: readonly string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  const wanted = relativePaths.map(nameFromPath);
  const counts = new Map<string, number>();
  for (const name of wanted) counts.set(name, (counts.get(name) ?? 0) + 1);
  return relativePaths.map((path, index) => {
    let name = wanted[index]!;
    if (used.has(name) || counts.get(name)! > 1) {
      const parent = posix.basename(posix.dirname(path));
      const prefixed = parent && parent !== '.' ? sanitiseName(`${parent}-${name}`) : name;
      if (!used.has(prefixed) && prefixed !== name && !wanted.includes(prefixed)) name = prefixed;
    }
    for (let n = 2; used.has(name); n++) name = sanitiseName(`${wanted[index]!.slice(0, 95)}-${n}`);
    used.add(name);
    return name;
  });
}
