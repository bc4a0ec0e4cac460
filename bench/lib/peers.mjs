/**
 * Peer tools, installed on demand into `bench/.cache/<tool>/` (git-ignored) with
 * `npm install --prefix bench/.cache/<tool> <pkg>@<version>`, once: a later run reuses the install, and a failed
 * install is remembered (with its error) until `--reinstall`. Versions are pinned so results stay comparable.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PEERS = {
  redocly: { pkg: '@redocly/cli', version: '2.77.0', bin: 'redocly' },
  optic: { pkg: '@useoptic/optic', version: '1.0.9', bin: 'optic' },
  'openapi-diff': { pkg: 'openapi-diff', version: '0.24.1', bin: 'openapi-diff' },
  'swagger-diff': { pkg: 'swagger-diff', version: '0.6.0', bin: 'swagger-diff' },
  spectral: { pkg: '@stoplight/spectral-cli', version: '6.16.3', bin: 'spectral' },
};

/** Environment for peer runs: no telemetry, no update checks, no colour. */
export const PEER_ENV = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  OPTIC_TELEMETRY_LEVEL: 'off',
  DISABLE_TELEMETRY: '1',
};

function installedVersion(dir, pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure `tool` is installed; returns `{ tool, pkg, version, ok, bin?, message }`. Never throws: a failed
 * install is a result.
 */
export function ensurePeer(cacheRoot, tool, { reinstall = false, log } = {}) {
  const peer = PEERS[tool];
  const dir = join(cacheRoot, tool);
  const bin = join(dir, 'node_modules', '.bin', peer.bin);
  const marker = join(dir, '.bench-install.json');
  const result = { tool, pkg: peer.pkg, version: peer.version };
  if (existsSync(bin) && installedVersion(dir, peer.pkg) === peer.version) return { ...result, ok: true, bin, message: 'cached' };
  if (!reinstall && existsSync(marker)) {
    const previous = JSON.parse(readFileSync(marker, 'utf8'));
    if (previous.version === peer.version && !previous.ok) return { ...result, ok: false, message: previous.message };
  }
  mkdirSync(dir, { recursive: true });
  log?.(`installing ${peer.pkg}@${peer.version} into ${dir} ...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['install', '--prefix', dir, `${peer.pkg}@${peer.version}`, '--no-audit', '--no-fund', '--loglevel=error'], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  const ok = install.status === 0 && existsSync(bin);
  const errorLines = `${install.stderr ?? ''}`.split('\n').filter((l) => /npm error (?!A complete log)/.test(l));
  const message = ok ? 'installed' : `install failed: ${errorLines.slice(0, 3).map((l) => l.replace(/^npm error\s*/, '')).join(' / ') || install.error?.message || `exit ${install.status}`}`;
  writeFileSync(marker, `${JSON.stringify({ ...result, ok, message }, null, 2)}\n`);
  return ok ? { ...result, ok, bin, message } : { ...result, ok, message };
}

/** Diff commands of the peers for one pair; `swagger-diff` only applies to Swagger 2.0. */
export function peerDiffCommands(peers, { base, revision, swagger2 }) {
  const commands = [];
  const add = (tool, id, label, args) => commands.push({ tool, id, label, args, peer: peers[tool] });
  add('redocly', 'redocly-diff', 'redocly diff', ['diff', base, revision]);
  add('optic', 'optic-diff', 'optic diff --check', ['diff', base, revision, '--check']);
  add('openapi-diff', 'openapi-diff', 'openapi-diff', [base, revision]);
  if (swagger2) add('swagger-diff', 'swagger-diff', 'swagger-diff', [base, revision]);
  return commands;
}

/** Lint commands of the peers for one spec, with their recommended rule sets. */
export function peerLintCommands(peers, { spec, spectralRuleset }) {
  return [
    { tool: 'redocly', id: 'redocly-lint', label: 'redocly lint (recommended)', args: ['lint', spec], peer: peers.redocly },
    { tool: 'spectral', id: 'spectral-lint', label: 'spectral lint (spectral:oas)', args: ['lint', spec, '--ruleset', spectralRuleset], peer: peers.spectral },
  ];
}
