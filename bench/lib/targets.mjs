/**
 * The targets of issue 8, evaluated from one run's ratios. A target whose inputs were not measured (command
 * not implemented, peer unavailable, group not selected) is `met: null` with what is missing.
 */
const fmt = (v, digits = 2) => `${v.toFixed(digits)}x`;

function target(name, value, pass, describe) {
  if (value == null) return { target: name, measured: 'not measured', met: null };
  return { target: name, measured: describe(value), met: pass(value) };
}

export function evaluateTargets(results) {
  const out = [];
  const stripe = results.diff?.find((d) => d.pair === 'stripe');
  if (stripe) {
    out.push(target('Stripe diff <= 1.5x the parse floor', stripe.ratios.diffVsFloor, (v) => v <= 1.5, (v) => `${fmt(v)} (floor: ${stripe.ratios.floorParser})`));
    if (stripe.ratios.warmDiffVsFloor != null)
      out.push(target('Stripe diff <= 1.5x the parse floor, warm parse cache', stripe.ratios.warmDiffVsFloor, (v) => v <= 1.5, (v) => `${fmt(v)} (floor: ${stripe.ratios.floorParser})`));
    if (results.peers)
      out.push(target('Stripe diff >= 4x faster than redocly diff', stripe.ratios.peerVsDiff['redocly-diff'] ?? null, (v) => v >= 4, (v) => `${fmt(v)} faster`));
    out.push(target('Stripe diff peak RSS < 4 x file bytes + node baseline', stripe.ratios.diffRssVsLimit, (v) => v < 1, (v) => `${fmt(v)} of the budget`));
  }
  if (results.lint?.length) {
    const worst = (key, pick) => {
      const values = results.lint.map((l) => l.ratios[key]).filter((v) => v != null);
      return values.length === results.lint.length ? pick(...values) : null;
    };
    out.push(target('lint >= 2x faster than redocly lint (every spec)', worst('redoclyVsSpecver', Math.min), (v) => v >= 2, (v) => `slowest case ${fmt(v)} faster`));
    out.push(target('lint >= 20x faster than spectral lint (every spec)', worst('spectralVsSpecver', Math.min), (v) => v >= 20, (v) => `slowest case ${fmt(v)} faster`));
    out.push(target('lint peak RSS below redocly and spectral (every spec)', worst('rssVsRedocly', Math.max) != null && worst('rssVsSpectral', Math.max) != null ? Math.max(worst('rssVsRedocly', Math.max), worst('rssVsSpectral', Math.max)) : null, (v) => v < 1, (v) => `largest ratio ${fmt(v)}`));
  }
  if (results.cold)
    out.push(target('specver --version <= 2x node -e 0', results.cold.ratios.versionVsNode, (v) => v <= 2, fmt));
  if (results.scaling?.doubling.length) {
    const values = results.scaling.doubling.map((d) => d.diff);
    out.push(target('doubling the spec size costs <= 2.2x time (diff, every step)', values.includes(null) ? null : Math.max(...values), (v) => v <= 2.2, (v) => `worst step ${fmt(v)}`));
  }
  if (results.contracts?.points.length > 1) {
    const { ratios, points } = results.contracts;
    const last = points[points.length - 1];
    // "Well under 200x": the harness reads it as at most a quarter of linear, i.e. <= 50x for 200 vs 1.
    const bound = ratios.to / 4;
    out.push(target(`${ratios.to} contracts well under ${ratios.to}x one contract (<= ${bound}x)`, ratios.diff, (v) => v <= bound, fmt));
    out.push(target(`${ratios.to} contracts use both cores (diff CPU/wall >= 1.5)`, last.coresUsed.diff, (v) => v >= 1.5, (v) => `${v.toFixed(2)} cores`));
  }
  return out;
}
