/**
 * Named, reusable schemas (`/components/schemas/Pet`, `/definitions/Pet`, `/$defs/Pet`, the schema of a
 * parameter, header, response or request body component, the root of a schema file): where the comparator's
 * walk enters one, messages speak of the component rather than of the path that reached it.
 */
import { basename } from 'node:path';
import type { Located, Walk } from './schema-keywords.ts';
import { unescapeSegment } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';

/** What a named, reusable node is called in messages: its kind and name. */
export interface Component { kind: string; name: string }

const COMPONENT_POINTERS: Array<[RegExp, string]> = [
  [/^\/(?:components\/schemas|definitions|\$defs)\/([^/]+)$/, 'schema'],
  [/^\/(?:components\/)?parameters\/([^/]+)\/schema$/, 'parameter'],
  [/^\/components\/headers\/([^/]+)\/schema$/, 'header'],
  [/^\/components\/responses\/([^/]+)\/content\/[^/]+\/schema$/, 'response'],
  [/^\/responses\/([^/]+)\/schema$/, 'response'],
  [/^\/components\/requestBodies\/([^/]+)\/content\/[^/]+\/schema$/, 'request body'],
];

/** The named component a located node is the root of (`/components/schemas/Pet`, a schema file's root), if any. */
export function componentAt(located: Located): Component | undefined {
  if (!isRecord(located.node)) return undefined;
  if (located.file && located.pointer === '') return { kind: 'schema', name: basename(located.file).replace(/\.(json|ya?ml)$/i, '') };
  for (const [pattern, kind] of COMPONENT_POINTERS) {
    const match = pattern.exec(located.pointer);
    if (match) return { kind, name: unescapeSegment(match[1]!) };
  }
  return undefined;
}

/**
 * Inside a named component the property path restarts and messages name the component, not the deep path of
 * whichever use reached it first: the component's changes are shared by every use and are reported once.
 */
export function enterComponent(walk: Walk, component: Component | undefined): Walk {
  if (!component) return walk;
  const side = walk.direction === 'standalone' ? '' : `${walk.direction} `;
  return { ...walk, schemaPath: '', context: { ...walk.context, component: component.name, subject: `${side}${component.kind} ${component.name}` } };
}
