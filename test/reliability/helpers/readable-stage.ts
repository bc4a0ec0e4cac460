/**
 * A copy, readable by every user, of what the permission cases' child process runs: the sources, the test
 * helpers, rules, schemas and the packages they load. The checkout itself may sit in a private folder (a clone
 * under `mktemp -d` is mode 0700) that the unprivileged user the child runs as cannot enter.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../helpers/temp-project.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

/** What the child imports or reads, relative to the checkout. */
const STAGED = ['package.json', 'tsconfig.json', 'src', 'rules', 'schemas', 'test/helpers', 'test/reliability/helpers'];
/** Packages the child loads besides the runtime dependencies: the TypeScript loader and the assertions. */
const TEST_PACKAGES = ['tsx', 'uvu'];

/** The packages `roots` need, with every package they depend on (npm installs them hoisted, at the top). */
function packageClosure(modules: string, roots: string[]): string[] {
  const needed = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (needed.has(name)) continue;
    const manifest = join(modules, name, 'package.json');
    // Not at the top: a nested copy (inside its parent, staged with it) or an optional package for another platform.
    if (!existsSync(manifest)) continue;
    needed.add(name);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) queue.push(...Object.keys(pkg[field] ?? {}));
  }
  return [...needed].sort();
}

/** Read (and, where the owner may, execute) for everyone, all the way down. */
function openToAll(path: string): void {
  const stat = statSync(path);
  chmodSync(path, stat.mode | (stat.isDirectory() || stat.mode & 0o100 ? 0o555 : 0o444));
  if (stat.isDirectory()) for (const entry of readdirSync(path)) openToAll(join(path, entry));
}

/** Copies what the child needs into a fresh temp directory readable by everyone; returns the directory. */
export function stageReadableCheckout(): string {
  const stage = tempDir('specver-stage-');
  for (const entry of STAGED) cpSync(join(REPO_ROOT, entry), join(stage, entry), { recursive: true, dereference: true });
  const modules = join(REPO_ROOT, 'node_modules');
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of packageClosure(modules, [...Object.keys(pkg.dependencies ?? {}), ...TEST_PACKAGES])) {
    cpSync(join(modules, name), join(stage, 'node_modules', name), { recursive: true, dereference: true });
  }
  openToAll(stage);
  return stage;
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
