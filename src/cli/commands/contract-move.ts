/**
 * `specver contract move <name> <new-path>`: the contract's spec now lives elsewhere. Only its `path:` in
 * specver.yaml changes (edited in place, comments kept, written atomically); its name, version, snapshots,
 * changesets and changelog entries stay, so the next `version` continues its history instead of starting over.
 */
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { ConfigError } from '../../errors.ts';
import { isInside, loadConfig, normaliseContractPath, parseConfig } from '../../config/load-config.ts';
import { setContractPathInText } from '../../config/edit-config.ts';
import { describeKind, detectKindOrExplain } from '../../load/detect.ts';
import { readSpecText } from '../../load/load.ts';
import { parseSource } from '../../load/parse-source.ts';
import { writeFileAtomic } from '../../store/atomic-write.ts';
import { READ_LIMITS, readRegularFile } from '../../store/safe-read.ts';
import { readVersions } from '../../store/state.ts';
import type { ContractFormat } from '../../types.ts';
import type { Context } from '../context.ts';

const toPosix = (path: string) => path.split(sep).join('/');

/** Refuses a file that is not a spec of `format` (a JSON Schema need not declare `$schema`). */
async function assertFormat(root: string, file: string, shown: string, format: ContractFormat, name: string): Promise<void> {
  const source = parseSource(await readSpecText(file, { projectRoot: root }), file, { displayPath: shown });
  const { kind, problem } = detectKindOrExplain(source.data, file);
  const hint = `give the path of the ${format === 'openapi' ? 'OpenAPI document' : 'JSON Schema'} of '${name}'; a spec of another format is a new contract (specver contract add)`;
  if (kind) {
    if (kind.format !== format) throw new ConfigError(`${shown} is ${describeKind(kind)}, not ${format} like contract '${name}'`, { file: shown, hint });
    return;
  }
  const data = source.data as Record<string, unknown> | null;
  const isMapping = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (format === 'json-schema' && isMapping && !('openapi' in data) && !('swagger' in data)) return;
  throw new ConfigError(`${shown} ${problem ?? `is not ${format === 'openapi' ? 'an OpenAPI document' : 'a JSON Schema'}`}`, { file: shown, hint });
}

export async function runMove(ctx: Context, name: string, newPath: string): Promise<number> {
  const config = await loadConfig(ctx);
  const root = config.root;
  const contract = config.contracts.find((c) => c.name === name);
  if (!contract) {
    const known = config.contracts.map((c) => c.name).join(', ') || '(none)';
    throw new ConfigError(`unknown contract '${name}'`, { hint: `known contracts: ${known}` });
  }
  const absolute = resolve(ctx.cwd, newPath);
  if (!isInside(root, absolute) || absolute === root)
    throw new ConfigError(`${newPath} is outside the project root ${root}`, { hint: 'contracts must live inside the directory holding specver.yaml' });
  const path = normaliseContractPath(root, absolute);
  if (!existsSync(absolute)) throw new ConfigError(`${path}: no such file`, { hint: `move the spec of '${name}' there first, or give the path it has now` });
  if (!/\.(ya?ml|json)$/i.test(path))
    throw new ConfigError(`${path} is not a spec file (expected .yaml, .yml or .json)`, { hint: 'give the path of the moved spec file' });
  if (path === contract.path) throw new ConfigError(`contract '${name}' is already at ${path}`, { hint: 'give the new path of its spec' });
  const other = config.contracts.find((c) => c.path === path);
  if (other) throw new ConfigError(`${path} is already tracked as contract '${other.name}'`, { hint: `see 'specver contract list'` });
  // Reads it as every later command will: a regular file really inside the project, of the contract's format.
  await assertFormat(root, absolute, path, contract.format, name);

  const shownConfig = toPosix(relative(root, config.file)) || config.file;
  const editedText = setContractPathInText(await readRegularFile(config.file, { limit: READ_LIMITS.config, shown: shownConfig }), name, path);
  parseConfig(editedText, config.file, shownConfig); // the edit must leave a valid configuration

  // An interrupted version run may still write the spec at its old path: finish it first (like rename does).
  const { finishInterruptedVersion, withLock } = await import('../../versioning/session.ts');
  if (await finishInterruptedVersion(config, ctx.now)) ctx.out.warn('finished an interrupted version run first');
  const version = (await readVersions(root))?.contracts[name] ?? null;
  await withLock(root, ctx.now, () => writeFileAtomic(config.file, editedText));
  if (ctx.json) ctx.out.jsonDocument({ action: 'moved', contract: name, from: contract.path, to: path, version });
  else {
    ctx.out.result(`Moved contract ${name}: ${contract.path} -> ${path}`);
    ctx.out.info(`Updated ${shownConfig}; its version${version ? ` (${version})` : ''}, snapshots and changelog entries are kept`);
  }
  return 0;
}
