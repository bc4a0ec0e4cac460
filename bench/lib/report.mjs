/** Renders bench/results.json as bench/RESULTS.md: machine info, the targets at a glance, one table per measure. */

const sec = (ms) => (ms == null ? '–' : ms >= 10_000 ? (ms / 1000).toFixed(1) : (ms / 1000).toFixed(3));
const mb = (kb) => (kb == null ? '–' : `${Math.round(kb / 1024)}`);
const x = (v, digits = 2) => (v == null ? '–' : `${v.toFixed(digits)}x`);
const bytes = (n) => (n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`);
const escape = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** "0.412 (0.401–0.450)" or the status when the command did not succeed. */
function cell(r) {
  if (!r) return 'not run';
  if (r.status !== 'ok') return `**${r.status}**${r.message ? `: ${escape(r.message).slice(0, 120)}` : ''}`;
  return `${sec(r.wallMs.median)} (${sec(r.wallMs.min)}–${sec(r.wallMs.max)})`;
}
const rssCell = (r) => (r && r.status === 'ok' && r.rssKb ? mb(r.rssKb.median) : '–');
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function machineSection(results) {
  const m = results.machine;
  return [
    `Generated ${results.generatedAt} by \`${results.command}\`.`,
    '',
    table(
      ['machine', ''],
      [
        ['CPU', `${m.cpuModel} (${m.cores} logical cores available)`],
        ['RAM', `${m.totalMemGiB} GiB`],
        ['OS', m.os],
        ['Node', m.node],
        ['load average at start / end', `${m.loadStart.join(', ')} / ${(m.loadEnd ?? []).join(', ')}`],
        ['runs per measurement', `${results.runs} (cold start: ${Math.max(results.runs, 10)}), interleaved; time-out ${results.timeoutS} s per run`],
        ['wall time', 'process.hrtime from spawn to exit of the whole process, Node start-up included'],
        ['peak RSS', results.rssMethod],
        ['specver build', `${results.build.status}${results.build.message ? `: ${escape(results.build.message)}` : ''}`],
      ],
    ),
    '',
    'Times are seconds: median (min–max) of the successful runs; RSS is the median peak in MB. A command that',
    'fails, crashes, times out or is not implemented is recorded with its status and is not repeated. A time ratio',
    'of two commands measured together (x / floor, peer / specver, against node -e 0) is the median of their',
    'per-round ratios: each round runs every command once, back to back, so a slow stretch of the machine hits both',
    'sides of a round. The sizes and contract counts of sections 6 run interleaved too (a round runs every size),',
    'so their time ratios across sizes are per-round medians as well; RSS and CPU ratios are ratios of medians.',
  ].join('\n');
}

function targetsSection(results) {
  const rows = (results.targets ?? []).map((t) => [t.target, t.measured, t.met == null ? 'n/a' : t.met ? 'yes' : '**no**']);
  return ['## Targets at a glance', '', rows.length ? table(['target', 'measured', 'met'], rows) : 'No target could be evaluated in this run.'].join('\n');
}

function peersSection(results) {
  if (!results.peers) return '## Peer tools\n\nSkipped (`--no-peers`).';
  const rows = Object.values(results.peers).map((p) => [p.pkg, p.version, p.ok ? 'installed' : `**unavailable**: ${escape(p.message)}`]);
  return ['## Peer tools (installed into bench/.cache/)', '', table(['package', 'version', 'state'], rows)].join('\n');
}

function diffSections(results) {
  if (!results.diff) return '';
  const floorRows = results.diff.map((d) => [
    `${d.pair} ${d.multiFile ? '(multi-file)' : ''}`.trim(),
    `${d.encoding}, ${bytes(d.bytes[0])} + ${bytes(d.bytes[1])}`,
    cell(d.commands.node),
    d.encoding === 'yaml' ? cell(d.commands['floor-js-yaml']) : cell(d.commands['floor-json']),
    d.encoding === 'yaml' ? cell(d.commands['floor-yaml']) : 'n/a',
    d.ratios.floorParser ? `${sec(d.ratios.floorMs)} (${d.ratios.floorParser})` : '–',
  ]);
  const specverRows = results.diff.map((d) => [
    d.pair,
    cell(d.commands['specver-diff']),
    rssCell(d.commands['specver-diff']),
    `${x(d.ratios.diffVsFloor)} (best: ${x(d.ratios.diffVsFloorBest)})`,
    d.commands['specver-diff-warm'] ? `${cell(d.commands['specver-diff-warm'])} (${x(d.ratios.warmDiffVsFloor)})` : 'n/a',
    cell(d.commands['specver-breaking']),
    rssCell(d.commands['specver-breaking']),
    x(d.ratios.breakingVsFloor),
    d.ratios.floorRssKb ? `${mb(d.ratios.floorRssKb)} MB (${x(d.ratios.diffRssVsFloorRss)})` : '–',
  ]);
  const formatRows = [];
  for (const d of results.diff)
    for (const [id, v] of Object.entries(d.ratios.formatsVsFloor ?? {})) formatRows.push([d.pair, d.commands[id]?.label ?? id, cell(d.commands[id]), rssCell(d.commands[id]), x(v)]);
  const peerRows = [];
  for (const d of results.diff)
    for (const [id, r] of Object.entries(d.commands))
      if (/-diff$/.test(id) && !id.startsWith('specver-')) peerRows.push([d.pair, r.label, cell(r), rssCell(r), x(d.ratios.peerVsDiff[id])]);
  return [
    '## 1. Parse floor (fresh node process parsing both files, start-up included)',
    '',
    table(['pair', 'input', 'node -e 0', 'JSON.parse / js-yaml', 'yaml (YAML.parse)', 'floor (fastest)'], floorRows),
    '',
    '## 2. specver diff / breaking, end to end',
    '',
    'Ratio columns: time / floor, round by round (best: fastest run / fastest floor run). "warm cache": diff when both YAML',
    'files were parsed by earlier runs (docs/caching.md; CI runs are cold), with its ratio to the floor. Floor RSS: the peak RSS of the',
    'floor process (the fastest parser), with the ratio of the diff\'s peak RSS to it.',
    '',
    table(['pair', 'diff', 'RSS MB', 'diff / floor', 'diff, warm cache (/ floor)', 'breaking', 'RSS MB', 'breaking / floor', 'floor RSS (diff / floor RSS)'], specverRows),
    ...(formatRows.length
      ? ['', 'The other output formats (text is the default above), each with its ratio to the same floor:', '', table(['pair', 'command', 'time s', 'RSS MB', '/ floor'], formatRows)]
      : []),
    '',
    '## 3. Peer diff tools',
    '',
    'Last column: peer time / specver diff time, round by round (above 1.00x: specver is faster).',
    '',
    peerRows.length ? table(['pair', 'tool', 'time s', 'RSS MB', 'peer / specver diff'], peerRows) : 'Not measured in this run.',
  ].join('\n');
}

function lintSection(results) {
  if (!results.lint) return '';
  const rows = results.lint.map((l) => [
    `${l.spec} (${bytes(l.bytes)})`,
    cell(l.commands['specver-lint']),
    rssCell(l.commands['specver-lint']),
    l.ratios.floorParser ? `${cell(l.commands[`floor-${l.ratios.floorParser}`])} (${l.ratios.floorParser})` : '–',
    x(l.ratios.lintVsFloor),
    cell(l.commands['redocly-lint']),
    rssCell(l.commands['redocly-lint']),
    cell(l.commands['spectral-lint']),
    rssCell(l.commands['spectral-lint']),
    x(l.ratios.redoclyVsSpecver),
    x(l.ratios.spectralVsSpecver),
    l.commands['specver-lint-warm'] ? `${cell(l.commands['specver-lint-warm'])} (${x(l.ratios.redoclyVsWarm)})` : 'n/a',
  ]);
  return [
    '## 4. Lint: specver lint vs its parse floor, redocly lint (recommended) and spectral lint (spectral:oas)',
    '',
    'Floor: a fresh process parsing the linted file(s) and nothing else, the fastest parser. The generated spec (bench/generate.mjs,',
    'seed 1) is not given to the peer tools.',
    '',
    table(['spec', 'specver', 'RSS MB', 'floor', 'lint / floor', 'redocly', 'RSS MB', 'spectral', 'RSS MB', 'redocly / specver', 'spectral / specver', 'specver, warm cache (redocly / it)'], rows),
  ].join('\n');
}

function coldSection(results) {
  if (!results.cold) return '';
  const c = results.cold;
  const rows = Object.values(c.commands).map((r) => [r.label, cell(r), rssCell(r)]);
  return [
    '## 5. Cold start',
    '',
    table(['command', 'time s', 'RSS MB'], rows),
    '',
    `\`specver --version\` / \`node -e 0\`: ${x(c.ratios.versionVsNode)}; \`specver --help\` / \`node -e 0\`: ${x(c.ratios.helpVsNode)}.`,
  ].join('\n');
}

function scalingSection(results) {
  if (!results.scaling) return '';
  const s = results.scaling;
  const rows = s.points.map((p) => [
    p.operations,
    `${bytes(p.bytes[0])} + ${bytes(p.bytes[1])}`,
    cell(p.commands['floor-json']),
    cell(p.commands['specver-diff']),
    rssCell(p.commands['specver-diff']),
    cell(p.commands['specver-breaking']),
    rssCell(p.commands['specver-breaking']),
  ]);
  const doublingRows = s.doubling.map((d) => [`${d.from} -> ${d.to}`, x(d.diff), x(d.breaking), x(d.floor), x(d.diffRss)]);
  return [
    '## 6a. Scaling with spec size (synthetic OpenAPI 3.0, JSON; bench/generate.mjs, seed 1)',
    '',
    table(['operations', 'input', 'floor (JSON.parse)', 'diff', 'RSS MB', 'breaking', 'RSS MB'], rows),
    '',
    'Doubling ratios (time at 2n / time at n, the median of per-round ratios; the sizes run interleaved; target <= 2.2x):',
    '',
    table(['step', 'diff', 'breaking', 'floor', 'diff RSS'], doublingRows),
  ].join('\n');
}

function lintScalingSection(results) {
  if (!results.lintScaling) return '';
  const s = results.lintScaling;
  const rows = s.points.map((p) => [p.operations, bytes(p.bytes), cell(p.commands['specver-lint']), rssCell(p.commands['specver-lint'])]);
  const doublingRows = s.doubling.map((d) => [`${d.from} -> ${d.to}`, x(d.lint), x(d.lintCpu), x(d.lintRss)]);
  return [
    '## 6c. Lint scaling with spec size (synthetic OpenAPI 3.0, JSON; bench/generate.mjs, seed 1)',
    '',
    table(['operations', 'input', 'lint', 'RSS MB'], rows),
    '',
    'Doubling ratios (at 2n / at n; time: the median of per-round ratios, the sizes run interleaved; target <= 2.2x):',
    '',
    table(['step', 'lint time', 'lint CPU', 'lint RSS'], doublingRows),
  ].join('\n');
}

function contractsSection(results) {
  if (!results.contracts) return '';
  const c = results.contracts;
  const rows = c.points.map((p) => [
    p.count,
    cell(p.commands['specver-diff']),
    rssCell(p.commands['specver-diff']),
    p.coresUsed.diff == null ? '–' : p.coresUsed.diff.toFixed(2),
    cell(p.commands['specver-breaking']),
    rssCell(p.commands['specver-breaking']),
    p.coresUsed.breaking == null ? '–' : p.coresUsed.breaking.toFixed(2),
  ]);
  return [
    '## 6b. Scaling with contract count (one repository, each contract a 12-operation spec with one change)',
    '',
    'Cores used = CPU time (user + sys) / wall time of the median run.',
    '',
    table(['contracts', 'diff', 'RSS MB', 'cores used', 'breaking', 'RSS MB', 'cores used'], rows),
    '',
    `${c.ratios.to} contracts / ${c.ratios.from} contract: diff ${x(c.ratios.diff)}, breaking ${x(c.ratios.breaking)}.`,
  ].join('\n');
}

function openapi32Section(results) {
  if (!results.openapi32) return '';
  const rows = results.openapi32.map((d) => [
    d.pair,
    `${bytes(d.bytes[0])} + ${bytes(d.bytes[1])}`,
    cell(d.commands[`floor-${d.ratios.floorParser}`]),
    cell(d.commands['specver-diff']),
    x(d.ratios.diffVsFloor),
    cell(d.commands['specver-breaking']),
    x(d.ratios.breakingVsFloor),
    cell(d.commands['specver-lint']),
    x(d.ratios.lintVsFloor),
  ]);
  return [
    '## OpenAPI 3.2 fixture series',
    '',
    'Consecutive pairs of fixtures/openapi-3.2 (in the repository), each against the faster YAML parse floor of both files.',
    '',
    table(['pair', 'bytes', 'floor', 'diff', 'x / floor', 'breaking', 'x / floor', 'lint', 'x / floor'], rows),
  ].join('\n');
}

export function renderMarkdown(results) {
  return `${[
    '# specver benchmark results',
    '',
    '<!-- Generated by `npm run bench` (bench/run.mjs); do not edit by hand. See docs/performance.md. -->',
    '',
    machineSection(results),
    targetsSection(results),
    peersSection(results),
    diffSections(results),
    lintSection(results),
    coldSection(results),
    scalingSection(results),
    lintScalingSection(results),
    contractsSection(results),
    openapi32Section(results),
  ]
    .filter(Boolean)
    .join('\n\n')}\n`;
}
