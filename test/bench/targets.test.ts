/** The benchmark's targets at a glance and its report, from made-up results (no timing). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateTargets, JSON_FLOOR_PAIRS, OPENAI_PR, STRIPE_PR } from '../../bench/lib/targets.mjs';
import { renderMarkdown } from '../../bench/lib/report.mjs';

const ok = (label: string, medianMs: number, rssKb = 100_000) => ({ label, status: 'ok', runs: 3, okRuns: 3, wallMs: { median: medianMs, min: medianMs, max: medianMs }, rssKb: { median: rssKb }, cpuS: { median: medianMs / 1000 } });

function diffEntry(pair: string, ratios: Record<string, unknown>): { pair: string; commands: Record<string, unknown>; ratios: Record<string, any> } & Record<string, unknown> {
  return {
    pair, labels: ['a', 'b'], format: 'openapi', encoding: 'json', multiFile: false, bytes: [1 << 20, 1 << 20],
    commands: { 'floor-json': ok('floor', 100), 'specver-diff': ok('specver diff', 120), 'specver-breaking': ok('specver breaking', 130), 'specver-diff-json': ok('specver diff --format json', 140) },
    ratios: { floorParser: 'json', floorMs: 100, diffVsFloor: 1.2, breakingVsFloor: 1.3, formatsVsFloor: {}, peerVsDiff: {}, ...ratios },
  };
}

/** Results in which every target is met. */
function passing() {
  return {
    generatedAt: 'now', command: 'npm run bench', runs: 3, timeoutS: 120, rssMethod: 'GNU time',
    machine: { cpuModel: 'cpu', cores: 2, totalMemGiB: 8, os: 'os', node: 'v20', loadStart: [1, 1, 1], loadEnd: [1, 1, 1] },
    build: { status: 'up to date', message: '' },
    peers: { '@redocly/cli': { pkg: '@redocly/cli', version: '1', ok: true, message: '' } },
    diff: [
      diffEntry('stripe', { floorParser: 'js-yaml', formatsVsFloor: { 'specver-diff-json': 1.4, 'specver-breaking-github': 1.45 }, diffRssVsFloorRss: 1.1, floorRssKb: 100_000, peerVsDiff: { 'redocly-diff': 3.2 } }),
      ...JSON_FLOOR_PAIRS.map((name: string) => diffEntry(name, { diffVsFloor: 2.4, breakingVsFloor: 2.3 })),
      diffEntry(STRIPE_PR, { diffVsFloor: 1.1, breakingVsFloor: 1.12 }),
      diffEntry(OPENAI_PR, { breakingVsFloor: 1.4 }),
    ],
    lint: [
      { spec: 'stripe', label: 'x', bytes: 1 << 20, multiFile: false, synthetic: false, commands: { 'specver-lint': ok('specver lint', 100), 'floor-js-yaml': ok('floor', 80) }, ratios: { floorParser: 'js-yaml', lintVsFloor: 1.25, redoclyVsSpecver: 2.6 } },
      { spec: 'synthetic 100,000 operations', label: 'generated', bytes: 1 << 20, multiFile: false, synthetic: true, commands: { 'specver-lint': ok('specver lint', 100), 'floor-json': ok('floor', 80) }, ratios: { floorParser: 'json', lintVsFloor: 1.4, redoclyVsSpecver: null } },
    ],
    cold: { commands: { node: ok('node -e 0', 40) }, ratios: { versionVsNode: 1.1, helpVsNode: 1.4 } },
    lintScaling: { points: [25000, 50000, 100000].map((operations) => ({ operations, bytes: operations * 1000, commands: { 'specver-lint': ok('specver lint', operations / 10) } })), doubling: [{ from: 25000, to: 50000, lint: 1.9 }, { from: 50000, to: 100000, lint: 2.1 }] },
  };
}

test('the targets at a glance are exactly the performance targets, each met by passing results', () => {
  const targets = evaluateTargets(passing());
  assert.equal(targets.map((t: { target: string }) => t.target), [
    'Stripe diff and breaking (cold, every output format) <= 1.5x the js-yaml floor',
    'JSON pairs (OpenAI, Box, Slack, schemastore-vector, asyncapi) diff and breaking <= 2.5x the JSON.parse floor',
    'Stripe diff peak RSS <= 1.15x the floor process peak RSS',
    'Stripe diff >= 3x faster than redocly diff',
    'pull-request pair, Stripe: diff and breaking <= 1.15x the floor',
    'pull-request pair, OpenAI: breaking <= 1.5x the floor',
    'lint <= 1.5x its parse floor (every benchmarked spec)',
    'lint >= 2.5x faster than redocly lint (every spec)',
    'specver --version <= 1.5x node -e 0',
    'specver --help <= 1.5x node -e 0',
    'lint up to 100,000 generated operations: 2x operations <= 2.2x time (every step)',
  ]);
  for (const t of targets) assert.is(t.met, true, t.target);
});

test('each target fails on the one measure that breaks it, and names the worst case', () => {
  const cases: Array<[string, (r: ReturnType<typeof passing>) => void, string]> = [
    ['every output format', (r) => { r.diff[0]!.ratios.formatsVsFloor = { 'specver-diff-html': 1.6 }; }, 'worst 1.60x (diff-html)'],
    ['JSON pairs', (r) => { r.diff.find((d) => d.pair === 'slack-web')!.ratios.breakingVsFloor = 2.7; }, 'worst 2.70x (slack-web breaking)'],
    ['peak RSS', (r) => { r.diff[0]!.ratios.diffRssVsFloorRss = 1.2; }, '1.20x'],
    ['redocly diff', (r) => { r.diff[0]!.ratios.peerVsDiff = { 'redocly-diff': 2.9 }; }, '2.90x faster'],
    ['pull-request pair, Stripe', (r) => { r.diff.find((d) => d.pair === STRIPE_PR)!.ratios.diffVsFloor = 1.2; }, `worst 1.20x (${STRIPE_PR} diff)`],
    ['pull-request pair, OpenAI', (r) => { r.diff.find((d) => d.pair === OPENAI_PR)!.ratios.breakingVsFloor = 1.6; }, '1.60x'],
    ['its parse floor', (r) => { r.lint[1]!.ratios.lintVsFloor = 1.7; }, 'worst 1.70x (synthetic 100,000 operations)'],
    ['redocly lint', (r) => { r.lint[0]!.ratios.redoclyVsSpecver = 2.4; }, 'slowest case 2.40x faster'],
    ['--help', (r) => { r.cold.ratios.helpVsNode = 1.6; }, '1.60x'],
    ['generated operations', (r) => { r.lintScaling.doubling[1]!.lint = 2.3; }, 'worst 2.30x (50000 -> 100000)'],
  ];
  for (const [name, breakIt, measured] of cases) {
    const results = passing();
    breakIt(results);
    const targets = evaluateTargets(results);
    const failed = targets.filter((t: { met: boolean | null }) => t.met !== true);
    assert.is(failed.length, 1, name);
    assert.ok(failed[0].target.includes(name), `${name}: ${failed[0].target}`);
    assert.is(failed[0].measured, measured, name);
  }
});

test('a target with a measure missing is not evaluated, and the report renders it as n/a', () => {
  const results = passing();
  results.diff = results.diff.filter((d) => d.pair !== 'asyncapi');
  const targets = evaluateTargets(results);
  const json = targets.find((t: { target: string }) => t.target.startsWith('JSON pairs'));
  assert.equal(json, { target: json?.target, measured: 'not measured', met: null });
  const markdown = renderMarkdown({ ...results, targets });
  assert.ok(markdown.includes('## Targets at a glance\n'), 'no issue number in the heading');
  assert.ok(markdown.includes('| not measured | n/a |'));
  assert.ok(markdown.includes('| lint / floor |'), 'the lint table has a lint-to-floor column');
  assert.ok(markdown.includes('| spectral |'), 'the lint table keeps the spectral column');
  assert.ok(markdown.includes('| stripe | specver diff --format json |'), 'the other output formats are listed');
  assert.not.ok(/issue \d/i.test(markdown));
});

test.run();
