/**
 * The performance targets, evaluated from one run's ratios (the median of per-round ratios of commands measured
 * together, interleaved; spec sizes are measured that way too). A target whose inputs were not measured (command not
 * implemented, peer unavailable, group not selected) is `met: null`.
 */
const fmt = (v, digits = 2) => `${v.toFixed(digits)}x`;

/** The JSON corpus pairs held to the JSON.parse floor. */
export const JSON_FLOOR_PAIRS = ['openai', 'box', 'slack-web', 'schemastore-vector', 'asyncapi'];
export const STRIPE_PR = 'stripe (pull request: one operation added)';
export const OPENAI_PR = 'openai (pull request: one operation added)';

function target(name, value, pass, describe) {
  if (value == null) return { target: name, measured: 'not measured', met: null };
  return { target: name, measured: describe(value), met: pass(value) };
}

/** The largest of values, or null when any is missing (a target over several measures needs them all). */
function worstOf(entries) {
  if (entries.length === 0 || entries.some(([, v]) => v == null)) return null;
  return entries.reduce((worst, cur) => (cur[1] > worst[1] ? cur : worst));
}

const diffAndBreaking = (d) => [[`${d.pair} diff`, d.ratios.diffVsFloor], [`${d.pair} breaking`, d.ratios.breakingVsFloor]];

export function evaluateTargets(results) {
  const out = [];
  const pair = (name) => results.diff?.find((d) => d.pair === name);
  const worstTarget = (name, entries, bound) => {
    const worst = entries ? worstOf(entries) : null;
    out.push(target(name, worst && worst[1], (v) => v <= bound, (v) => `worst ${fmt(v)} (${worst[0]})`));
  };
  const stripe = pair('stripe');
  if (stripe) {
    // Every output format: text diff and breaking, and each other format measured on the Stripe pair.
    const formats = Object.entries(stripe.ratios.formatsVsFloor ?? {}).map(([id, v]) => [id.replace(/^specver-/, ''), v]);
    worstTarget(`Stripe diff and breaking (cold, every output format) <= 1.5x the ${stripe.ratios.floorParser ?? 'parse'} floor`, [...diffAndBreaking(stripe), ...formats], 1.5);
  }
  if (results.diff) {
    const jsonPairs = JSON_FLOOR_PAIRS.map(pair);
    worstTarget('JSON pairs (OpenAI, Box, Slack, schemastore-vector, asyncapi) diff and breaking <= 2.5x the JSON.parse floor', jsonPairs.every(Boolean) ? jsonPairs.flatMap(diffAndBreaking) : null, 2.5);
  }
  if (stripe) out.push(target('Stripe diff peak RSS <= 1.15x the floor process peak RSS', stripe.ratios.diffRssVsFloorRss ?? null, (v) => v <= 1.15, fmt));
  if (stripe && results.peers)
    out.push(target('Stripe diff >= 3x faster than redocly diff', stripe.ratios.peerVsDiff['redocly-diff'] ?? null, (v) => v >= 3, (v) => `${fmt(v)} faster`));
  const stripePr = pair(STRIPE_PR);
  if (stripePr) worstTarget('pull-request pair, Stripe: diff and breaking <= 1.15x the floor', diffAndBreaking(stripePr), 1.15);
  const openaiPr = pair(OPENAI_PR);
  if (openaiPr) out.push(target('pull-request pair, OpenAI: breaking <= 1.5x the floor', openaiPr.ratios.breakingVsFloor, (v) => v <= 1.5, fmt));
  if (results.lint?.length) {
    worstTarget('lint <= 1.5x its parse floor (every benchmarked spec)', results.lint.map((l) => [l.spec, l.ratios.lintVsFloor ?? null]), 1.5);
    // Peers are run on the corpus specs only (not on the generated 100,000-operation spec).
    const corpusLint = results.lint.filter((l) => !l.synthetic);
    const slowest = corpusLint.map((l) => l.ratios.redoclyVsSpecver);
    out.push(target('lint >= 2.5x faster than redocly lint (every spec)', corpusLint.length && !slowest.includes(null) ? Math.min(...slowest) : null, (v) => v >= 2.5, (v) => `slowest case ${fmt(v)} faster`));
  }
  if (results.cold) {
    out.push(target('specver --version <= 1.5x node -e 0', results.cold.ratios.versionVsNode, (v) => v <= 1.5, fmt));
    out.push(target('specver --help <= 1.5x node -e 0', results.cold.ratios.helpVsNode, (v) => v <= 1.5, fmt));
  }
  if (results.lintScaling?.doubling.length) {
    const steps = results.lintScaling.doubling;
    const last = results.lintScaling.points.at(-1).operations;
    worstTarget(`lint up to ${last.toLocaleString('en-US')} generated operations: 2x operations <= 2.2x time (every step)`, steps.map((d) => [`${d.from} -> ${d.to}`, d.lint]), 2.2);
  }
  return out;
}
