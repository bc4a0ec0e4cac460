#!/usr/bin/env node
/**
 * Part of `npm run build`, after tsc. With esbuild, dependencies included:
 * - dist/cli-<hash>.cjs: the whole CLI (src/cli/entry.ts) in one CommonJS file, written inside Node's module
 *   wrapper, which the bin loads with V8's code cache (src/cli/cached-bundle.ts; scripts/code-cache.mjs makes the
 *   cache). One file and no ESM loader: a run resolves, links and compiles nothing else. The hash in its name keeps
 *   a cache from meeting another build.
 * - dist/generated/meta-*.cjs: the meta-schema validators of lint (generated ajv code, 1 MB of the 2.7 MB the bundle
 *   was), one file per kind of document, minified and kept apart: every run reads the whole bundle, about 10 ms per
 *   MB here, and only `lint` needs one of these. The bundle `require`s the one it needs, as src/lint/meta-schema.ts
 *   imports it from sources.
 * - dist/main.cjs: the bin (CommonJS, like the bundle), a few lines that answer `--version` alone or load that bundle.
 * - dist/pipeline/compare-worker.js: where a worker thread of parallel comparisons starts; it loads the same bundle.
 * - dist/cli-<hash>.cjs.map: the bundle's source map (positions only, no sources), read only to print a stack
 *   trace with --verbose (src/cli/stack-trace.ts), never on a run's way: the bundle names no map, so Node does
 *   not load it.
 * tsc's per-module output stays beside them for code that imports one module of the built CLI.
 *
 * Each module's import.meta.url is rewritten to the URL its own file has under dist/, so the paths built
 * from it (rules/, schemas/, package.json, the worker, createRequire) resolve exactly as they do unbundled.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, relative } from 'node:path';
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
      const contents = text
        .replaceAll('import.meta.url', `__specverModuleUrl(${JSON.stringify(distFile)})`)
        // Only the run from sources (under tsx) resolves a package this way; a bundle never reaches it.
        .replaceAll('import.meta.resolve(', '__specverNoResolve(');
      return { contents, loader: 'ts' };
    });
  },
};

// Every output file lies in dist/ or one folder below it (pipeline/), never in a folder named dist.
const moduleUrlHelpers = (distUrl) => [
  `const __specverDistUrl = ${distUrl}.slice(0, ${distUrl}.lastIndexOf('/dist/') + 6);`,
  'const __specverModuleUrl = (file) => __specverDistUrl + file;',
  "const __specverNoResolve = () => { throw new Error('import.meta.resolve is not available in the bundled CLI'); };",
];
const common = { bundle: true, platform: 'node', target: 'node20', plugins: [importMetaUrlPerModule], logLevel: 'warning', outdir: dist };

rmSync(`${dist}chunks`, { recursive: true, force: true }); // earlier builds split the CLI into chunks
for (const name of readdirSync(dist)) if (/^cli-[A-Z0-9]+\.cjs(\..+\.cache|\.map)?$/.test(name)) rmSync(`${dist}${name}`);

// The meta-schema validators, apart: each `import()` of one becomes a require of its file beside the bundle.
const metaValidators = readdirSync(`${src}generated`).filter((name) => name.startsWith('meta-')).map((name) => basename(name, '.ts'));
const metaValidatorsApart = {
  name: 'meta-validators-apart',
  setup(b) {
    b.onResolve({ filter: /\/generated\/meta-[^/]+\.ts$/ }, (args) => ({ path: basename(args.path, '.ts'), namespace: 'meta-validator' }));
    b.onLoad({ filter: /.*/, namespace: 'meta-validator' }, (args) => ({ contents: `module.exports = require('./generated/${args.path}.cjs');`, loader: 'js' }));
    b.onResolve({ filter: /^\.\/generated\/meta-[^/]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};
await build({
  ...common,
  entryPoints: Object.fromEntries(metaValidators.map((name) => [`generated/${name}`, `${src}generated/${name}.ts`])),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // Generated code: no names anyone reads in a stack trace, so the identifiers are shortened too.
  minify: true,
  banner: { js: moduleUrlHelpers("require('node:url').pathToFileURL(__filename).href").join('\n') },
});

// commander requires node:child_process when loaded, only to start the executables of external subcommands, which
// specver has none of: the require moves into its one use (child_process, with net and dgram: about 3 ms a run).
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const commanderChildProcessOnUse = {
  name: 'commander-child-process-on-use',
  setup(b) {
    b.onLoad({ filter: /\/node_modules\/commander\/lib\/command\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes(COMMANDER_CHILD_PROCESS)) throw new Error(`${args.path} no longer has the line ${COMMANDER_CHILD_PROCESS} (scripts/bundle-cli.mjs)`);
      return { contents: text.replace(COMMANDER_CHILD_PROCESS, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"), loader: 'js' };
    });
  },
};

const cli = await build({
  ...common,
  plugins: [importMetaUrlPerModule, metaValidatorsApart, commanderChildProcessOnUse],
  entryPoints: { cli: `${src}cli/entry.ts` },
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  metafile: true,
  // No comments or indentation: less to read on every run. Names stay, so stack traces (--verbose) still read.
  minifyWhitespace: true,
  // `external`: no sourceMappingURL comment, so the bundle's bytes (and the code caches) are what they were.
  sourcemap: 'external',
  sourcesContent: false,
  banner: { js: moduleUrlHelpers("require('node:url').pathToFileURL(__filename).href").join('\n') },
});
const bundle = basename(Object.keys(cli.metafile.outputs).find((file) => file.endsWith('.cjs')));
if (!existsSync(`${dist}${bundle}.map`)) throw new Error(`esbuild wrote no dist/${bundle}.map`);
// The loader reads the bundle as latin1 (a one-byte string, no UTF-8 decoding): that needs ASCII, which esbuild's
// default charset gives outside comments, and minifying leaves none.
const output = readFileSync(`${dist}${bundle}`, 'latin1');
const nonAscii = /[^\x00-\x7f]/.exec(output);
if (nonAscii) throw new Error(`dist/${bundle} has a non-ASCII character at offset ${nonAscii.index}: the loader reads it as latin1`);
// Written inside Node's module wrapper, as the loader compiles it: it then compiles the file's text as it is
// read, without a copy. The wrapper opens on the first line, so the source map's positions still hold.
writeFileSync(`${dist}${bundle}`, Module.wrap(output), 'latin1');

// The bin and the worker's entry load the bundle; the modules behind it are imported only when running from sources.
const fromSourcesOnly = { name: 'from-sources-only', setup: (b) => b.onResolve({ filter: /\/(cli\/entry|compare-worker)\.ts$/ }, (args) => ({ path: args.path, external: true })) };
const entry = { ...common, define: { SPECVER_CLI_BUNDLE: JSON.stringify(bundle) }, plugins: [importMetaUrlPerModule, fromSourcesOnly] };
// The bin is CommonJS too: Node then starts it without setting up its ES-module loader (5-7% of `--version`).
await build({
  ...entry,
  entryPoints: { main: `${src}main.ts` },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  banner: { js: moduleUrlHelpers("require('node:url').pathToFileURL(__filename).href").join('\n') },
});
rmSync(`${dist}main.js`, { force: true }); // tsc's unbundled copy: nothing is to run it by mistake
await build({
  ...entry,
  entryPoints: { 'pipeline/compare-worker': `${src}pipeline/compare-worker-entry.ts` },
  format: 'esm',
  banner: { js: moduleUrlHelpers('import.meta.url').join('\n') }, // it makes its own require
});
console.log(`bundled dist/${bundle}, dist/main.cjs, dist/pipeline/compare-worker.js and ${metaValidators.length} meta-schema validators in dist/generated/`);
