#!/usr/bin/env node
/**
 * specver benchmark harness (`npm run bench`). Measures the built CLI (dist/main.cjs) against the parse floor,
 * peer tools, itself at growing sizes and contract counts; writes bench/results.json and bench/RESULTS.md.
 * Every run is a fresh process with a time-out; failures are results, never aborts. See docs/performance.md.
 *
 *   node bench/run.mjs [--runs 5] [--timeout 120] [--quick] [--only diff,lint] [--no-peers] [--no-build]
 *                      [--reinstall] [--out bench]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldGroup, contractsGroup, diffGroup, lintGroup, lintScalingGroup, openapi32Group, scalingGroup } from './lib/groups.mjs';
import { cleanupScratch, RSS_METHOD_LABEL } from './lib/measure.mjs';
import { ensurePeer, PEERS } from './lib/peers.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { evaluateTargets } from './lib/targets.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(BENCH, '..');
const GROUPS = ['floor', 'diff', 'peers', 'lint', 'cold', 'scaling', 'lint-scaling', 'contracts', 'openapi-3.2'];

const USAGE = `usage: npm run bench -- [options]
  --runs <n>        runs per measurement (default 5; --quick: 2)
  --timeout <s>     time-out of each run in seconds (default 120)
  --quick           2 runs, small inputs only: a smoke check of the harness
  --only <groups>   comma-separated subset of: ${GROUPS.join(', ')}
  --no-peers        skip the peer tools (no installs)
  --reinstall       retry peer installs that failed before
  --no-build        time dist/ as it is, even when src/ is newer
  --out <dir>       where RESULTS.md and results.json go (default bench/)
  --render-only     measure nothing: regenerate RESULTS.md from the results.json in --out`;

function parseArgs(argv) {
  const opts = { runs: undefined, timeoutS: 120, quick: false, groups: new Set(GROUPS), peers: true, build: true, reinstall: false, out: BENCH, renderOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--runs') opts.runs = Number(value());
    else if (a === '--timeout') opts.timeoutS = Number(value());
    else if (a === '--quick') opts.quick = true;
    else if (a === '--only') {
      const wanted = value().split(',').map((g) => g.trim()).filter(Boolean);
      const unknown = wanted.filter((g) => !GROUPS.includes(g));
      if (unknown.length) throw new Error(`unknown group(s) ${unknown.join(', ')}; choose from ${GROUPS.join(', ')}`);
      opts.groups = new Set(wanted);
    } else if (a === '--no-peers') opts.peers = false;
    else if (a === '--no-build') opts.build = false;
    else if (a === '--reinstall') opts.reinstall = true;
    else if (a === '--out') opts.out = resolve(value());
    else if (a === '--render-only') opts.renderOnly = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  opts.runs ??= opts.quick ? 2 : 5;
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs must be a positive integer');
  if (!(opts.timeoutS > 0)) throw new Error('--timeout must be a positive number of seconds');
  return opts;
}

function newestMtime(dir) {
  let newest = 0;
  for (const f of readdirSync(dir, { recursive: true })) {
    const s = statSync(join(dir, f));
    if (s.isFile()) newest = Math.max(newest, s.mtimeMs);
  }
  return newest;
}

/** Rebuilds dist/ when src/ is newer than dist/main.cjs. Type errors are reported, not fatal: tsc still emits. */
function ensureBuild(opts, log) {
  const main = join(REPO, 'dist', 'main.cjs');
  const stale = !existsSync(main) || newestMtime(join(REPO, 'src')) > statSync(main).mtimeMs;
  if (!stale) return { status: 'up to date', message: '' };
  if (!opts.build) return { status: 'stale', message: 'src/ is newer than dist/ (--no-build)' };
  log('building dist/ (npm run build) ...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO, encoding: 'utf8', timeout: 300_000 });
  if (build.status === 0) return { status: 'rebuilt', message: '' };
  const errors = `${build.stdout}${build.stderr}`.split('\n').filter((l) => /error TS\d+/.test(l));
  return { status: existsSync(main) ? 'rebuilt with type errors' : 'build failed', message: `${errors.length} tsc error(s)${errors[0] ? `, first: ${errors[0].trim()}` : ''}` };
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    totalMemGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadStart: os.loadavg().map((v) => Number(v.toFixed(2))),
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const log = (line) => process.stderr.write(`${line}\n`);
  if (opts.renderOnly) {
    const previous = JSON.parse(readFileSync(join(opts.out, 'results.json'), 'utf8'));
    previous.targets = evaluateTargets(previous);
    writeFileSync(join(opts.out, 'RESULTS.md'), renderMarkdown(previous));
    log(`rendered ${join(opts.out, 'RESULTS.md')} from results.json`);
    return;
  }
  const started = Date.now();
  const results = {
    schemaVersion: 1,
    generatedAt: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    runs: opts.runs,
    timeoutS: opts.timeoutS,
    quick: opts.quick,
    groups: [...opts.groups],
    machine: machineInfo(),
    rssMethod: RSS_METHOD_LABEL,
  };
  results.build = ensureBuild(opts, log);
  log(`specver build: ${results.build.status} ${results.build.message}`);

  const work = join(BENCH, '.work');
  mkdirSync(work, { recursive: true });
  rmSync(join(work, 'projects'), { recursive: true, force: true });
  const wantsPeers = opts.peers && (opts.groups.has('peers') || opts.groups.has('lint'));
  let peers = null;
  if (wantsPeers) {
    peers = {};
    for (const tool of Object.keys(PEERS)) peers[tool] = ensurePeer(join(BENCH, '.cache'), tool, { reinstall: opts.reinstall, log });
    results.peers = Object.fromEntries(Object.entries(peers).map(([k, p]) => [k, { pkg: p.pkg, version: p.version, ok: p.ok, message: p.message }]));
  }
  // Cold runs, as in CI: no parse cache. The warm-cache runs (groups.mjs) set their own.
  const env = { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off' };
  delete env.FORCE_COLOR;
  const ctx = {
    repo: REPO,
    specver: join(REPO, 'dist', 'main.cjs'),
    corpus: resolve(REPO, '..', 'shared', 'corpus'),
    work,
    runs: opts.runs,
    timeoutMs: opts.timeoutS * 1000,
    groups: opts.groups,
    quick: opts.quick,
    peers,
    env,
    log,
  };
  const g = opts.groups;
  if (g.has('floor') || g.has('diff') || g.has('peers')) results.diff = await diffGroup(ctx);
  if (g.has('lint')) results.lint = await lintGroup(ctx);
  if (g.has('cold')) results.cold = await coldGroup(ctx);
  if (g.has('scaling')) results.scaling = await scalingGroup(ctx);
  if (g.has('lint-scaling')) results.lintScaling = await lintScalingGroup(ctx);
  if (g.has('contracts')) results.contracts = await contractsGroup(ctx);
  if (g.has('openapi-3.2')) results.openapi32 = await openapi32Group(ctx);
  results.machine.loadEnd = os.loadavg().map((v) => Number(v.toFixed(2)));
  results.durationS = Math.round((Date.now() - started) / 1000);
  results.targets = evaluateTargets(results);
  cleanupScratch();

  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(opts.out, 'RESULTS.md'), renderMarkdown(results));
  log(`done in ${results.durationS} s: ${join(opts.out, 'RESULTS.md')}, ${join(opts.out, 'results.json')}`);
}

main().catch((error) => {
  process.stderr.write(`bench: ${error.message}\n`);
  process.exitCode = 2;
});
