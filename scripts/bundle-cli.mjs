#!/usr/bin/env node
/**
 * Part of `npm run build`, after tsc: bundles the CLI's entry point (dist/main.js) and the comparison worker
 * (dist/pipeline/compare-worker.js), dependencies included, with esbuild, so a run loads a few dozen files
 * instead of well over a hundred modules. What a command reaches only through a lazy import() stays in a
 * chunk of its own under dist/chunks/, loaded when needed (`--version` and `diff` never load lint's code).
 * tsc's per-module output stays beside them for code that imports one module of the built CLI.
 *
 * Each module's import.meta.url is rewritten to the URL its own file has under dist/, so the paths built
 * from it (rules/, schemas/, package.json, the worker, createRequire) resolve exactly as they do unbundled.
 */
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const src = `${root}src/`;
const dist = `${root}dist/`;

const importMetaUrlPerModule = {
  name: 'import-meta-url-per-module',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const distFile = relative(src, args.path).replace(/\.ts$/, '.js');
      const contents = text.replaceAll('import.meta.url', `__specverModuleUrl(${JSON.stringify(distFile)})`);
      return { contents, loader: 'ts' };
    });
  },
};

rmSync(`${dist}chunks`, { recursive: true, force: true });
await build({
  entryPoints: { main: `${src}main.ts`, 'pipeline/compare-worker': `${src}pipeline/compare-worker.ts` },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [importMetaUrlPerModule],
  logLevel: 'warning',
  banner: {
    // Every output file lies in dist/ or one folder below it (chunks/, pipeline/), never in a folder named
    // dist. Bundled CommonJS packages (json-rules-engine, commander) require Node's built-ins through `require`.
    js: [
      "const __specverDistUrl = import.meta.url.slice(0, import.meta.url.lastIndexOf('/dist/') + 6);",
      'const __specverModuleUrl = (file) => __specverDistUrl + file;',
      "import { createRequire as __specverCreateRequire } from 'node:module';",
      'const require = __specverCreateRequire(import.meta.url);',
    ].join('\n'),
  },
});
