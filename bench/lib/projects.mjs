/**
 * Temporary specver projects for the timed runs. A project holds the revision as its current spec and the
 * base as the snapshot of version 1.0.0, exactly the state `specver diff` / `breaking` meet in a pull request.
 *
 * Single-file pairs are laid out directly from the state-file formats (specver.yaml, .specver/versions.json,
 * .specver/snapshots/<name>@1.0.0.<ext>: a byte copy of the base), so the harness does not depend on `init`.
 * Multi-file pairs need a bundled snapshot, which is specver's own job: the harness runs `specver init` on a
 * project holding the base tree, then swaps the tree for the revision's.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { generateBase } from '../generate.mjs';

export const BASE_VERSION = '1.0.0';

function writeState(dir, contracts) {
  const lines = ['versioning: independent', 'changelog: false', 'contracts:'];
  for (const c of contracts) lines.push(`  - name: ${c.name}`, `    format: ${c.format}`, `    path: ${c.path}`);
  writeFileSync(join(dir, 'specver.yaml'), `${lines.join('\n')}\n`);
  mkdirSync(join(dir, '.specver', 'snapshots'), { recursive: true });
  const versions = { versioning: 'independent', contracts: Object.fromEntries(contracts.map((c) => [c.name, BASE_VERSION])) };
  writeFileSync(join(dir, '.specver', 'versions.json'), `${JSON.stringify(versions, null, 2)}\n`);
}

/** A project with one single-file contract; returns `{ dir, spec }` (spec: the current spec's absolute path). */
export function singleFileProject(dir, { name, format, basePath, revisionPath }) {
  mkdirSync(join(dir, 'api'), { recursive: true });
  const ext = extname(revisionPath).slice(1);
  const specRel = `api/${name}.${ext}`;
  cpSync(revisionPath, join(dir, specRel));
  writeState(dir, [{ name, format, path: specRel }]);
  cpSync(basePath, join(dir, '.specver', 'snapshots', `${name}@${BASE_VERSION}.${extname(basePath).slice(1)}`));
  return { dir, spec: join(dir, specRel) };
}

/**
 * A project with one multi-file contract, set up by `specver init` on the base tree. Returns `{ dir, spec }`,
 * or `{ error }` when init does not succeed (recorded as the measurement's result).
 */
export function multiFileProject(dir, { baseDir, revisionDir, rootFile, specver, env, timeoutMs }) {
  const treeRel = 'api';
  mkdirSync(dir, { recursive: true });
  cpSync(baseDir, join(dir, treeRel), { recursive: true });
  const init = spawnSync(process.execPath, [specver, 'init', '--initial-version', BASE_VERSION, '--yes'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  const stderr = `${init.stderr ?? ''}`.trim();
  if (init.status !== 0 || !existsSync(join(dir, 'specver.yaml')) || !existsSync(join(dir, '.specver', 'versions.json'))) {
    const reason = init.error ? init.error.message : stderr.split('\n')[0] || `exit ${init.status}`;
    return { error: `setup by 'specver init' failed: ${reason}` };
  }
  const config = readFileSync(join(dir, 'specver.yaml'), 'utf8');
  if (!config.includes(rootFile.split('/').pop())) return { error: `setup: 'specver init' did not detect ${rootFile} as a contract` };
  rmSync(join(dir, treeRel), { recursive: true, force: true });
  cpSync(revisionDir, join(dir, treeRel), { recursive: true });
  return { dir, spec: join(dir, treeRel, rootFile) };
}

/** One small spec and its revision with exactly one change (an optional response property added). */
function smallPair(seed) {
  const base = generateBase(12, seed);
  base.info.title = `Service ${seed}`;
  const revision = structuredClone(base);
  const firstModel = Object.keys(revision.components.schemas)[0];
  revision.components.schemas[firstModel].properties.added_field = { type: 'string', description: 'Added.' };
  return { base, revision };
}

/** A repository with `count` contracts, each a small spec with one change against its snapshot. */
export function manyContractsProject(dir, count) {
  mkdirSync(join(dir, 'specs'), { recursive: true });
  mkdirSync(join(dir, '.specver', 'snapshots'), { recursive: true });
  const contracts = [];
  for (let i = 1; i <= count; i++) {
    const name = `service-${String(i).padStart(3, '0')}`;
    const { base, revision } = smallPair(i);
    const path = `specs/${name}.json`;
    writeFileSync(join(dir, path), `${JSON.stringify(revision, null, 2)}\n`);
    contracts.push({ name, format: 'openapi', path, base });
  }
  writeState(dir, contracts);
  for (const c of contracts)
    writeFileSync(join(dir, '.specver', 'snapshots', `${c.name}@${BASE_VERSION}.json`), `${JSON.stringify(c.base, null, 2)}\n`);
  return { dir };
}
