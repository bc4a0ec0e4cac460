/**
 * Stack traces as --verbose prints them. Built, the CLI is one minified bundle (dist/cli-<hash>.cjs), whose
 * frames read `cli-<hash>.cjs:25:323160`; V8 also names the bundle by the path it had where its code cache
 * was made (the build machine), not where it is installed. Each such frame is rewritten to the source
 * position the bundle's source map gives (`src/config/load-config.ts:101:12`), or, without a map, to the
 * bundle's installed path. Read only when a stack is printed, so a run never pays for the map.
 * Run from sources, frames already name src/ and are left as they are.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A frame's location in the bundle: `    at fn (` + path + `cli-<hash>.cjs:line:column` + `)`. */
const BUNDLE_FRAME = /^(\s+at (?:.*? \()?)(.*?)(cli-[A-Z0-9]+\.cjs):(\d+):(\d+)(\)?)$/;

interface SourceMapLike {
  findEntry(line: number, column: number): { originalSource?: string; originalLine?: number; originalColumn?: number };
}

/** Each bundle's source map, parsed once; null when it has none (or it cannot be read). */
const maps = new Map<string, SourceMapLike | null>();

function sourceMapOf(bundle: string, dist: string): SourceMapLike | null {
  if (!maps.has(bundle)) {
    const { readFileSync } = require('node:fs') as typeof import('node:fs');
    const { SourceMap } = require('node:module') as typeof import('node:module');
    let map: SourceMapLike | null = null;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${dist}${bundle}.map`, 'utf8')));
    } catch {
      // No map shipped (or a damaged one): frames then name the installed bundle.
    }
    maps.set(bundle, map);
  }
  return maps.get(bundle)!;
}

/**
 * `../src/cli/run.ts` (relative to dist/, or a file URL) -> `src/cli/run.ts`, relative to the package; a
 * dependency from its `node_modules/` on (`node_modules/commander/lib/command.js`), wherever it was built from.
 */
function shownSource(source: string, dist: string): string {
  const { relative, resolve, sep } = require('node:path') as typeof import('node:path');
  const { fileURLToPath } = require('node:url') as typeof import('node:url');
  const file = (source.startsWith('file:') ? fileURLToPath(source) : resolve(dist, source)).split(sep).join('/');
  const dependency = file.lastIndexOf('/node_modules/');
  return dependency >= 0 ? file.slice(dependency + 1) : relative(resolve(dist, '..'), file).split(sep).join('/');
}

/**
 * `stack` with every frame in the bundle named by its source position. `dist` is the folder of the bundle
 * (with its trailing separator); by default the one this module is built into.
 */
export function readableStack(stack: string, dist = distFolder()): string {
  return stack
    .split('\n')
    .map((line) => {
      const frame = BUNDLE_FRAME.exec(line);
      if (!frame) return line;
      const [, before, , bundle, line1, column1, after] = frame;
      const entry = sourceMapOf(bundle!, dist)?.findEntry(Number(line1) - 1, Number(column1) - 1);
      if (entry?.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) {
        return `${before}${dist}${bundle}:${line1}:${column1}${after}`;
      }
      return `${before}${shownSource(entry.originalSource, dist)}:${entry.originalLine + 1}:${entry.originalColumn + 1}${after}`;
    })
    .join('\n');
}

/** dist/ of the built CLI: bundled, this module's URL is that of dist/cli/stack-trace.js. */
function distFolder(): string {
  const { fileURLToPath } = require('node:url') as typeof import('node:url');
  return fileURLToPath(new URL('../', import.meta.url));
}
