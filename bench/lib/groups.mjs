/**
 * The measurement groups. Each builds the commands of one case (a pair, a spec, a size, a contract count),
 * runs them interleaved, and computes the ratios the targets need from medians of the same run.
 *
 * ctx: { repo, specver, corpus, work, runs, timeoutMs, groups:Set, quick, peers: {tool: ensurePeer result} | null,
 *        env, log }
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffPairs, lintPairs, pullRequestPairs, warmUp } from './corpus.mjs';
import { openapi32Pairs } from './fixture-pairs.mjs';
import { measureInterleaved, measureSizes, pairedRatio, runOnce } from './measure.mjs';
import { peerDiffCommands, peerLintCommands, PEER_ENV } from './peers.mjs';
import { manyContractsProject, multiFileProject, singleFileProject } from './projects.mjs';
import { writeSyntheticPair } from '../generate.mjs';

const FLOOR_SCRIPT = new URL('../floor-parse.mjs', import.meta.url).pathname;
/** Pairs whose diff and breaking are also timed in every other output format (the text format is the default). */
const FORMAT_PAIRS = new Set(['stripe', 'netlify']);
const OTHER_FORMATS = { diff: ['json', 'markdown', 'html'], breaking: ['json', 'github', 'junit'] };
/** The generated spec linted beside the corpus specs (its own floor; no peers: they take minutes on it). */
const LINT_SYNTHETIC_OPERATIONS = { full: 100_000, quick: 2_000 };
const node = process.execPath;

const med = (r) => (r && r.status === 'ok' && r.wallMs ? r.wallMs.median : null);
const rss = (r) => (r && r.status === 'ok' && r.rssKb ? r.rssKb.median : null);
const best = (r) => (r && r.status === 'ok' && r.wallMs ? r.wallMs.min : null);
const ratio = (a, b) => (a != null && b != null && b > 0 ? a / b : null);
/** Time ratio of two commands of one interleaved measurement: the median of their per-round ratios. */
const paired = (a, b) => (med(a) != null && med(b) != null ? pairedRatio(a, b) : null);

function specverCommand(ctx, id, label, args, cwd, okCodes) {
  return { id, label, command: node, args: [ctx.specver, ...args], cwd, env: ctx.env, okCodes };
}

/**
 * The same command with a warm parse cache (a developer's second run on unchanged files): its own cache
 * directory, written by two runs before the measurement (the first run only marks a text as seen).
 */
async function warmCacheCommand(ctx, id, label, args, cwd, okCodes) {
  const dir = join(ctx.work, 'parse-cache', id);
  rmSync(dir, { recursive: true, force: true });
  const command = { ...specverCommand(ctx, id, label, args, cwd, okCodes), env: { ...ctx.env, CI: '', SPECVER_CACHE: 'on', SPECVER_CACHE_DIR: dir } };
  for (let i = 0; i < 2; i++) await runOnce(command.command, command.args, { cwd, env: command.env, timeoutMs: ctx.timeoutMs, okCodes });
  return command;
}

function floorCommands(ctx, { encoding, inputs, what = 'both sides' }) {
  const commands = [{ id: 'node', label: 'node -e 0 (start-up alone)', command: node, args: ['-e', '0'], cwd: ctx.work, env: ctx.env }];
  const parsers = encoding === 'yaml' ? ['js-yaml', 'yaml'] : ['json'];
  for (const parser of parsers)
    commands.push({
      id: `floor-${parser}`,
      label: `floor: ${parser === 'json' ? 'JSON.parse' : parser} (${what})`,
      command: node,
      args: [FLOOR_SCRIPT, parser, ...inputs],
      cwd: ctx.work,
      env: ctx.env,
    });
  return commands;
}

/** The fastest successful floor parser of a case: `{ id, ms }` or null. */
function floorOf(commands) {
  const floors = Object.entries(commands).filter(([id, r]) => id.startsWith('floor-') && med(r) != null);
  if (floors.length === 0) return null;
  const [id, r] = floors.reduce((best, cur) => (med(cur[1]) < med(best[1]) ? cur : best));
  return { id, ms: med(r) };
}

/** A peer that could not be installed is a result too: no runs, status 'unavailable'. */
function unavailable(label, message) {
  return { label, status: 'unavailable', message, runs: 0, okRuns: 0, wallMs: null, rssKb: null, cpuS: null };
}

function preparePeerCommands(ctx, peerCommands, cwd) {
  const runnable = [];
  const skipped = {};
  for (const p of peerCommands) {
    if (!p.peer) continue;
    if (!p.peer.ok) skipped[p.id] = unavailable(p.label, p.peer.message);
    else runnable.push({ id: p.id, label: p.label, command: p.peer.bin, args: p.args, cwd, env: { ...ctx.env, ...PEER_ENV }, okCodes: [0, 1] });
  }
  return { runnable, skipped };
}

function projectFor(ctx, pair, dir) {
  rmSync(dir, { recursive: true, force: true });
  if (!pair.multiFile)
    return singleFileProject(dir, { name: pair.contract ?? pair.name, format: pair.format, basePath: pair.base, revisionPath: pair.revision });
  return multiFileProject(dir, {
    baseDir: pair.baseTree,
    revisionDir: pair.revisionTree,
    rootFile: pair.rootFile,
    specver: ctx.specver,
    env: ctx.env,
    timeoutMs: ctx.timeoutMs,
  });
}

function peerCwd(ctx) {
  const dir = join(ctx.work, 'peer-cwd');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  return dir;
}

/** Measures 1-3: floor, specver diff/breaking and peer diffs on the corpus pairs, and on pull-request-sized ones. */
export async function diffGroup(ctx) {
  const results = [];
  const wantSpecver = ctx.groups.has('diff') || ctx.groups.has('peers');
  for (const pair of [...diffPairs(ctx.corpus, ctx.quick), ...pullRequestPairs(ctx.corpus, ctx.work, ctx.quick)]) {
    ctx.log(`diff: ${pair.name} (${pair.labels.join(' -> ')})`);
    const inputs = pair.multiFile ? [pair.baseTree, pair.revisionTree] : [pair.base, pair.revision];
    warmUp(inputs);
    const commands = floorCommands(ctx, { encoding: pair.encoding, inputs });
    let setup = { status: 'ok', message: pair.multiFile ? "project set up by 'specver init' on the base tree" : 'project written directly' };
    const recorded = {};
    if (wantSpecver) {
      const project = projectFor(ctx, pair, join(ctx.work, 'projects', `diff-${pair.contract ?? pair.name}`));
      if (project.error) {
        setup = { status: 'failed', message: project.error };
        recorded['specver-diff'] = unavailable('specver diff', project.error);
        recorded['specver-breaking'] = unavailable('specver breaking', project.error);
      } else {
        commands.push(specverCommand(ctx, 'specver-diff', 'specver diff', ['diff'], project.dir, [0]));
        commands.push(specverCommand(ctx, 'specver-breaking', 'specver breaking', ['breaking'], project.dir, [0, 1]));
        if (FORMAT_PAIRS.has(pair.name) && ctx.groups.has('diff'))
          for (const [command, formats] of Object.entries(OTHER_FORMATS))
            for (const format of formats)
              commands.push(specverCommand(ctx, `specver-${command}-${format}`, `specver ${command} --format ${format}`, [command, '--format', format], project.dir, command === 'diff' ? [0] : [0, 1]));
        if (pair.encoding === 'yaml') commands.push(await warmCacheCommand(ctx, 'specver-diff-warm', 'specver diff (warm parse cache)', ['diff'], project.dir, [0]));
      }
    }
    if (ctx.peers && ctx.groups.has('peers') && pair.format === 'openapi') {
      const { runnable, skipped } = preparePeerCommands(
        ctx,
        peerDiffCommands(ctx.peers, { base: pair.base, revision: pair.revision, swagger2: pair.specVersion === '2.0' }),
        peerCwd(ctx),
      );
      commands.push(...runnable);
      Object.assign(recorded, skipped);
    }
    const measured = { ...(await measureInterleaved(commands, ctx)), ...recorded };
    const floor = floorOf(measured);
    const floorRun = floor ? measured[floor.id] : null;
    const ratios = {
      floorParser: floor?.id.replace('floor-', '') ?? null,
      floorMs: floor?.ms ?? null,
      diffVsFloor: paired(measured['specver-diff'], floorRun),
      warmDiffVsFloor: paired(measured['specver-diff-warm'], floorRun),
      // Fastest run over fastest floor run: less sensitive to load bursts on a shared machine.
      diffVsFloorBest: ratio(best(measured['specver-diff']), floor ? best(measured[floor.id]) : null),
      breakingVsFloor: paired(measured['specver-breaking'], floorRun),
      formatsVsFloor: Object.fromEntries(
        Object.entries(measured)
          .filter(([id]) => /^specver-(diff|breaking)-(?!warm$)/.test(id))
          .map(([id, r]) => [id, paired(r, floorRun)]),
      ),
      diffRssKb: rss(measured['specver-diff']),
      floorRssKb: floor ? rss(measured[floor.id]) : null,
      diffRssVsFloorRss: ratio(rss(measured['specver-diff']), floor ? rss(measured[floor.id]) : null),
      peerVsDiff: Object.fromEntries(
        Object.entries(measured)
          .filter(([id]) => /-diff$/.test(id) && !id.startsWith('specver-'))
          .map(([id, r]) => [id, paired(r, measured['specver-diff'])]),
      ),
    };
    results.push({ pair: pair.name, labels: pair.labels, format: pair.format, encoding: pair.encoding, specVersion: pair.specVersion, multiFile: pair.multiFile, bytes: pair.bytes, setup, commands: measured, ratios });
  }
  return results;
}

/**
 * The OpenAPI 3.2 fixture series (fixtures/openapi-3.2): diff, breaking and lint of each consecutive pair
 * against the parse floor of the same files, so 3.2's own elements (query, additionalOperations, itemSchema,
 * querystring) are timed end to end; no corpus needed.
 */
export async function openapi32Group(ctx) {
  const results = [];
  for (const pair of openapi32Pairs(ctx.repo)) {
    ctx.log(`openapi-3.2: ${pair.name}`);
    warmUp([pair.base, pair.revision]);
    const project = projectFor(ctx, pair, join(ctx.work, 'projects', pair.contract));
    const commands = [
      ...floorCommands(ctx, { encoding: pair.encoding, inputs: [pair.base, pair.revision] }),
      specverCommand(ctx, 'specver-diff', 'specver diff', ['diff'], project.dir, [0]),
      specverCommand(ctx, 'specver-breaking', 'specver breaking', ['breaking'], project.dir, [0, 1]),
      specverCommand(ctx, 'specver-lint', 'specver lint', ['lint'], project.dir, [0, 1]),
    ];
    const measured = await measureInterleaved(commands, ctx);
    const floor = floorOf(measured);
    const floorRun = floor ? measured[floor.id] : null;
    const ratios = {
      floorParser: floor?.id.replace('floor-', '') ?? null,
      floorMs: floor?.ms ?? null,
      diffVsFloor: paired(measured['specver-diff'], floorRun),
      breakingVsFloor: paired(measured['specver-breaking'], floorRun),
      lintVsFloor: paired(measured['specver-lint'], floorRun),
    };
    results.push({ pair: pair.name, labels: pair.labels, format: pair.format, encoding: pair.encoding, specVersion: pair.specVersion, bytes: pair.bytes, commands: measured, ratios });
  }
  return results;
}

/** The generated spec of the lint table, as a pair whose revision is linted. */
function syntheticLintPair(ctx) {
  const operations = ctx.quick ? LINT_SYNTHETIC_OPERATIONS.quick : LINT_SYNTHETIC_OPERATIONS.full;
  const files = writeSyntheticPair(join(ctx.work, 'synthetic'), operations, 1);
  const name = `synthetic ${operations.toLocaleString('en-US')} operations`;
  return { name, synthetic: true, labels: ['generated', 'generated'], format: 'openapi', encoding: 'json', multiFile: false, base: files.base, revision: files.revision, bytes: [statSync(files.base).size, statSync(files.revision).size], contract: 'synthetic' };
}

/** Measure 4: specver lint against the parse floor of the same files, redocly lint and spectral lint. */
export async function lintGroup(ctx) {
  const results = [];
  for (const pair of [...lintPairs(ctx.corpus, ctx.quick), syntheticLintPair(ctx)]) {
    ctx.log(`lint: ${pair.name} (${pair.labels[1]})`);
    const input = pair.multiFile ? pair.revisionTree : pair.revision;
    warmUp([input]);
    const commands = floorCommands(ctx, { encoding: pair.encoding, inputs: [input], what: 'the linted spec' }).filter((c) => c.id !== 'node');
    const recorded = {};
    const project = projectFor(ctx, pair, join(ctx.work, 'projects', `lint-${pair.name}`));
    if (project.error) recorded['specver-lint'] = unavailable('specver lint', project.error);
    else {
      commands.push(specverCommand(ctx, 'specver-lint', 'specver lint', ['lint'], project.dir, [0, 1]));
      if (pair.encoding === 'yaml') commands.push(await warmCacheCommand(ctx, 'specver-lint-warm', 'specver lint (warm parse cache)', ['lint'], project.dir, [0, 1]));
    }
    if (ctx.peers && !pair.synthetic) {
      const cwd = peerCwd(ctx);
      const { runnable, skipped } = preparePeerCommands(ctx, peerLintCommands(ctx.peers, { spec: pair.revision, spectralRuleset: join(cwd, '.spectral.yaml') }), cwd);
      commands.push(...runnable);
      Object.assign(recorded, skipped);
    }
    const measured = { ...(await measureInterleaved(commands, ctx)), ...recorded };
    const lint = measured['specver-lint'];
    const lintRss = rss(lint);
    const floor = floorOf(measured);
    const ratios = {
      floorParser: floor?.id.replace('floor-', '') ?? null,
      lintVsFloor: paired(lint, floor ? measured[floor.id] : null),
      redoclyVsSpecver: paired(measured['redocly-lint'], lint),
      redoclyVsWarm: paired(measured['redocly-lint'], measured['specver-lint-warm']),
      spectralVsSpecver: paired(measured['spectral-lint'], lint),
      rssVsRedocly: ratio(lintRss, rss(measured['redocly-lint'])),
      rssVsSpectral: ratio(lintRss, rss(measured['spectral-lint'])),
    };
    results.push({ spec: pair.name, label: pair.labels[1], bytes: pair.bytes[1], multiFile: pair.multiFile, synthetic: Boolean(pair.synthetic), commands: measured, ratios });
  }
  return results;
}

/** Measure 5: cold start. Cheap, so at least 10 runs for a stable median. */
export async function coldGroup(ctx) {
  ctx.log('cold start');
  const cwd = join(ctx.work, 'cold');
  mkdirSync(cwd, { recursive: true });
  const commands = [
    { id: 'node', label: 'node -e 0', command: node, args: ['-e', '0'], cwd, env: ctx.env },
    specverCommand(ctx, 'specver-version', 'specver --version', ['--version'], cwd, [0]),
    specverCommand(ctx, 'specver-help', 'specver --help', ['--help'], cwd, [0]),
  ];
  const measured = await measureInterleaved(commands, { ...ctx, runs: Math.max(ctx.runs, 10) });
  return {
    commands: measured,
    ratios: {
      versionVsNode: paired(measured['specver-version'], measured.node),
      helpVsNode: paired(measured['specver-help'], measured.node),
    },
  };
}

/** A synthetic pair of `operations` operations and a project comparing it, rebuilt from scratch. */
function syntheticProject(ctx, operations, prefix) {
  const files = writeSyntheticPair(join(ctx.work, 'synthetic'), operations, 1);
  const dir = join(ctx.work, 'projects', `${prefix}-${operations}`);
  rmSync(dir, { recursive: true, force: true });
  const project = singleFileProject(dir, { name: 'synthetic', format: 'openapi', basePath: files.base, revisionPath: files.revision });
  return { files, project };
}

/** Measure 6a: time and RSS against synthetic spec size; doubling ratios. */
export async function scalingGroup(ctx) {
  const sizes = ctx.quick ? [1000, 2000] : [1000, 2000, 4000, 8000];
  const points = await measureSizes(ctx, 'scaling', 'operations', sizes, (operations) => {
    const { files, project } = syntheticProject(ctx, operations, 'synthetic');
    warmUp([files.base, files.revision]);
    const commands = [
      ...floorCommands(ctx, { encoding: 'json', inputs: [files.base, files.revision] }).filter((c) => c.id !== 'node'),
      specverCommand(ctx, 'specver-diff', 'specver diff', ['diff'], project.dir, [0]),
      specverCommand(ctx, 'specver-breaking', 'specver breaking', ['breaking'], project.dir, [0, 1]),
    ];
    return { bytes: [statSync(files.base).size, statSync(files.revision).size], commands };
  });
  const doubling = [];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1].commands, points[i].commands];
    doubling.push({
      from: points[i - 1].operations,
      to: points[i].operations,
      diff: paired(b['specver-diff'], a['specver-diff']),
      breaking: paired(b['specver-breaking'], a['specver-breaking']),
      floor: paired(b['floor-json'], a['floor-json']),
      diffRss: ratio(rss(b['specver-diff']), rss(a['specver-diff'])),
    });
  }
  return { points, doubling };
}

/**
 * Measure 6c: specver lint against spec size, up to 100,000 operations (bench/generate.mjs, generated here):
 * lint must stay near-linear (a rule comparing every pair of paths once made it quadratic).
 */
export async function lintScalingGroup(ctx) {
  const sizes = ctx.quick ? [1000, 2000] : [25000, 50000, 100000];
  const points = await measureSizes(ctx, 'lint-scaling', 'operations', sizes, (operations) => {
    const { files, project } = syntheticProject(ctx, operations, 'lint-synthetic');
    warmUp([files.revision]);
    return { bytes: statSync(files.revision).size, commands: [specverCommand(ctx, 'specver-lint', 'specver lint', ['lint'], project.dir, [0, 1])] };
  });
  const cpu = (r) => (r && r.status === 'ok' && r.cpuS ? r.cpuS.median : null);
  const doubling = [];
  for (let i = 1; i < points.length; i++) {
    const [ra, rb] = [points[i - 1].commands['specver-lint'], points[i].commands['specver-lint']];
    doubling.push({ from: points[i - 1].operations, to: points[i].operations, lint: paired(rb, ra), lintCpu: ratio(cpu(rb), cpu(ra)), lintRss: ratio(rss(rb), rss(ra)) });
  }
  return { points, doubling };
}

/** Measure 6b: time, RSS and cores used against the number of contracts in one repository. */
export async function contractsGroup(ctx) {
  const counts = ctx.quick ? [1, 10] : [1, 10, 50, 200];
  const measured = await measureSizes(ctx, 'contracts', 'count', counts, (count) => {
    const dir = join(ctx.work, 'projects', `contracts-${count}`);
    rmSync(dir, { recursive: true, force: true });
    manyContractsProject(dir, count);
    return {
      commands: [
        specverCommand(ctx, 'specver-diff', 'specver diff', ['diff'], dir, [0]),
        specverCommand(ctx, 'specver-breaking', 'specver breaking', ['breaking'], dir, [0, 1]),
      ],
    };
  });
  const cores = (r) => (r && r.status === 'ok' && r.cpuS && r.wallMs ? r.cpuS.median / (r.wallMs.median / 1000) : null);
  const points = measured.map((p) => ({ ...p, coresUsed: { diff: cores(p.commands['specver-diff']), breaking: cores(p.commands['specver-breaking']) } }));
  const first = points[0];
  const last = points[points.length - 1];
  return {
    points,
    ratios: {
      from: first.count,
      to: last.count,
      diff: paired(last.commands['specver-diff'], first.commands['specver-diff']),
      breaking: paired(last.commands['specver-breaking'], first.commands['specver-breaking']),
    },
  };
}
