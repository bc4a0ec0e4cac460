/**
 * What the permission cases' child process runs, readable by every user: the child's script bundled with its
 * sources, test helpers and packages into one file (no TypeScript loader, nothing compiled at start), beside
 * what it reads at run time (package.json, rules/, schemas/). The checkout itself may sit in a private folder (a clone under `mktemp -d` is mode 0700) that the unprivileged
 * user the child runs as cannot enter.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../../helpers/temp-project.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

/** What the bundled child reads from disk, relative to the checkout. */
const STAGED = ['package.json', 'rules', 'schemas'];

/** Read (and, where the owner may, execute) for everyone, all the way down. */
function openToAll(path: string): void {
  const stat = statSync(path);
  chmodSync(path, stat.mode | (stat.isDirectory() || stat.mode & 0o100 ? 0o555 : 0o444));
  if (stat.isDirectory()) for (const entry of readdirSync(path)) openToAll(join(path, entry));
}

/**
 * Each module's import.meta.url becomes the URL its own file has in the stage, so the paths built from it
 * (rules/, schemas/, package.json, createRequire) resolve there exactly as they do in the checkout.
 */
function importMetaUrlIn(stage: string): Plugin {
  return {
    name: 'import-meta-url-in-stage',
    setup(bundler) {
      bundler.onLoad({ filter: /\.ts$/ }, (args) => {
        const url = pathToFileURL(join(stage, relative(REPO_ROOT, args.path))).href;
        const text = readFileSync(args.path, 'utf8')
          // The generated validators' run-time requires (ajv's, ajv-formats') become the bundle's own.
          .replace(/^const require = createRequire\(import\.meta\.url\);$/m, '')
          .replaceAll('import.meta.url', JSON.stringify(url));
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles `entry` (a script of the checkout) into a fresh temp directory readable by everyone, with what it
 * reads at run time; returns the directory and the bundled script's path.
 */
export async function stageReadableBundle(entry: string): Promise<{ stage: string; script: string }> {
  const stage = tempDir('specver-stage-');
  const script = join(stage, 'child.mjs');
  await build({
    entryPoints: [join(REPO_ROOT, entry)],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [importMetaUrlIn(stage)],
    // Bundled CommonJS packages require Node's built-ins.
    banner: { js: "import { createRequire as __stageRequire } from 'node:module'; const require = __stageRequire(import.meta.url);" },
  });
  for (const entry of STAGED) cpSync(join(REPO_ROOT, entry), join(stage, entry), { recursive: true, dereference: true });
  openToAll(stage);
  return { stage, script };
}

/**
 * Why user `uid` cannot read the staged copy (a private directory above the OS temp directory), or undefined.
 * Asked of the system as that user, not guessed from modes.
 */
export function unreadableBy(uid: number, stage: string): string | undefined {
  const probe = spawnSync('setpriv', [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', process.execPath, '-e', 'require("fs").accessSync(process.argv[1], require("fs").constants.R_OK)', join(stage, 'package.json')], {
    encoding: 'utf8',
  });
  if (probe.status === 0) return undefined;
  return `user ${uid} cannot read ${stage} (${(probe.stderr.match(/E[A-Z]+[^\n]*/) ?? ['exit ' + String(probe.status)])[0]}): make the OS temp directory reachable for every user or set TMPDIR to one that is`;
}
