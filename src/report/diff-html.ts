/**
 * `diff --format html`: one self-contained page (inline CSS, no script, no font or image from anywhere, and a
 * Content-Security-Policy that forbids loading any) to attach to a review or a release. Per contract: the
 * counts and the suggested bump, then the changes grouped by operation, groups holding breaking changes first
 * and breaking first within a group; each change opens (<details>) on its rule, file:line, JSON Pointer and
 * the values before and after. Every piece of spec text is HTML-escaped.
 */
import type { Finding } from '../classify/types.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import type { Severity } from '../types.ts';
import { bySeverity, describeFinding, operationOf, SEVERITY_LABEL, whereOf } from './change-line.ts';
import { jsonPreview } from './json-preview.ts';

/** A spec value on one side of a change, and the pointer it was found at (the change's own or an enclosing one). */
export interface SideValue {
  value: unknown;
  at: string;
}

/** The spec values at a change's pointer on each side, where the caller could resolve them. */
export type ValuesOf = (comparison: Comparison, finding: Finding) => { before?: SideValue; after?: SideValue };

const RANK: Record<Severity, number> = { breaking: 0, 'non-breaking': 1, patch: 2 };
const MAX_VALUE_LINES = 40;
/** Lines past the shown ones are counted up to this many; past it the report says "over 10,000 more lines". */
const MAX_COUNTED_LINES = 10_000;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A value as indented JSON, cycles cut, long values shortened: only the shown lines are written (a value can
 * reach most of a large spec through its references), and the lines after them counted up to a limit.
 */
export function printable(value: unknown): string {
  const preview = jsonPreview(value, MAX_VALUE_LINES, MAX_COUNTED_LINES);
  if (preview !== undefined) {
    if (preview.more === 0) return preview.text;
    const more = preview.counted ? String(preview.more) : `over ${MAX_COUNTED_LINES.toLocaleString('en-US')}`;
    return `${preview.text}\n… ${more} more lines`;
  }
  // No JSON text of its own (undefined, a function), or a toJSON method: JSON.stringify itself.
  const seen = new WeakSet<object>();
  const json =
    JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v !== 'object' || v === null) return v;
        if (seen.has(v)) return '[circular]';
        seen.add(v);
        return v;
      },
      2,
    ) ?? String(value);
  const lines = json.split('\n');
  return lines.length <= MAX_VALUE_LINES ? json : `${lines.slice(0, MAX_VALUE_LINES).join('\n')}\n… ${lines.length - MAX_VALUE_LINES} more lines`;
}

/** Changes by operation, in the order the groups' most severe change asks for (stable otherwise). */
function groups(findings: readonly Finding[]): { title: string; findings: Finding[] }[] {
  const byTitle = new Map<string, Finding[]>();
  for (const f of findings) {
    const title = operationOf(f) ?? (f.usedBy && f.usedBy.length > 0 ? 'Shared components' : 'Document');
    byTitle.set(title, [...(byTitle.get(title) ?? []), f]);
  }
  const worst = (list: Finding[]) => Math.min(...list.map((f) => RANK[f.severity]));
  return [...byTitle.entries()]
    .map(([title, list]) => ({ title, findings: bySeverity(list) }))
    .sort((a, b) => worst(a.findings) - worst(b.findings));
}

function valueBlock(label: string, side: SideValue | undefined, pointer: string): string {
  if (side === undefined) return `<dt>${label}</dt><dd class="absent">(absent)</dd>`;
  // A node read at another pointer (the schema compared on that side, or a file of its own) says where it is.
  const how = pointer.startsWith(`${side.at}/`) || side.at === '' ? 'enclosing' : 'at';
  const enclosing = side.at === pointer ? '' : `<p class="at">${how} <code>${escapeHtml(side.at || '/')}</code></p>`;
  return `<dt>${label}</dt><dd>${enclosing}<pre>${escapeHtml(printable(side.value))}</pre></dd>`;
}

/** `breaking --format html`: the gate's verdict at the top, and what it made of each breaking change. */
export interface HtmlGate {
  failed: boolean;
  /** The verdict line (breaking-text.ts verdictLine). */
  line: string;
  /** "(waived: ...)" for a change, '' for none. */
  note: (finding: Finding) => string;
}

function changeHtml(comparison: Comparison, finding: Finding, valuesOf?: ValuesOf, gate?: HtmlGate): string {
  const note = gate?.note(finding) ?? '';
  const values = valuesOf?.(comparison, finding) ?? {};
  const details = [
    `<dt>Rule</dt><dd><code>${escapeHtml(finding.rule)}</code></dd>`,
    `<dt>Where</dt><dd><code>${escapeHtml(whereOf(finding))}</code></dd>`,
    `<dt>Pointer</dt><dd><code>${escapeHtml(finding.location || '/')}</code> (${finding.side === 'base' ? 'in the base' : 'in the current spec'})</dd>`,
    ...(valuesOf ? [valueBlock('Before', values.before, finding.location), valueBlock('After', values.after, finding.location)] : []),
  ];
  return [
    `<details class="change ${finding.severity}">`,
    `<summary><span class="badge">${SEVERITY_LABEL[finding.severity]}</span> ${escapeHtml(describeFinding(finding))}${note ? ` <em class="gate">${escapeHtml(note)}</em>` : ''} <code class="rule">${escapeHtml(finding.rule)}</code></summary>`,
    `<dl>${details.join('')}</dl>`,
    '</details>',
  ].join('\n');
}

function contractHtml(comparison: Comparison, severity: Severity | 'all', valuesOf?: ValuesOf, gate?: HtmlGate): string {
  const { contract, base, hasBase, summary } = comparison;
  const head = `<h2>${escapeHtml(contract.name)} <small>${escapeHtml(contract.format)}, ${escapeHtml(contract.path)} vs ${escapeHtml(base.label)}</small></h2>`;
  if (comparison.error) return `<section class="contract">${head}<p class="error">Not compared: ${escapeHtml(comparison.error.message)}</p></section>`;
  if (!hasBase) return `<section class="contract">${head}<p>New contract, not present at the base.</p></section>`;
  if (summary.total === 0) return `<section class="contract">${head}<p class="none">No changes.</p></section>`;
  const counts = [
    `<span class="count breaking">${summary.breaking} breaking</span>`,
    `<span class="count non-breaking">${summary.nonBreaking} non-breaking</span>`,
    `<span class="count patch">${summary.patch} patch</span>`,
  ].join(' ');
  const shown = severity === 'all' ? comparison.findings : comparison.findings.filter((f) => f.severity === severity);
  const body = groups(shown).map(
    (g) => `<div class="operation"><h3>${escapeHtml(g.title)}</h3>\n${g.findings.map((f) => changeHtml(comparison, f, valuesOf, gate)).join('\n')}</div>`,
  );
  return [
    `<section class="contract">${head}`,
    `<p class="summary">${summary.total} ${summary.total === 1 ? 'change' : 'changes'}: ${counts} · suggested bump <strong class="bump">${summary.bump}</strong></p>`,
    ...(body.length > 0 ? body : [`<p class="none">No ${severity} changes.</p>`]),
    '</section>',
  ].join('\n');
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#1f2328;background:#fff}
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:1.2rem;margin:2rem 0 .25rem;border-bottom:1px solid #d0d7de;padding-bottom:.25rem}
h2 small{font-weight:normal;color:#59636e;font-size:.8rem}h3{font-size:.95rem;margin:1rem 0 .35rem;font-family:ui-monospace,monospace}
.count{padding:.05rem .45rem;border-radius:1rem;font-size:.85rem}.count.breaking{background:#ffebe9;color:#a40e26}
.count.non-breaking{background:#fff8c5;color:#7d4e00}.count.patch{background:#eef1f4;color:#59636e}
details.change{border:1px solid #d0d7de;border-left:4px solid #8c959f;border-radius:6px;margin:.35rem 0;padding:.35rem .6rem}
details.breaking{border-left-color:#cf222e}details.non-breaking{border-left-color:#bf8700}
summary{cursor:pointer}.badge{font-weight:600;font-size:.75rem;margin-right:.35rem}.breaking .badge{color:#cf222e}
.non-breaking .badge{color:#9a6700}.patch .badge{color:#59636e}code.rule{color:#59636e;font-size:.8rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem;margin:.5rem 0 0}dt{color:#59636e}dd{margin:0;min-width:0}
pre{margin:0;background:#f6f8fa;padding:.4rem;border-radius:4px;overflow:auto;max-height:20rem;font-size:.8rem}
.absent,.none,.at{color:#59636e}.error{color:#a40e26;font-weight:600}
.verdict{padding:.5rem .75rem;border-radius:6px;font-weight:600}.verdict.fails{background:#ffebe9;color:#a40e26}
.verdict.passes{background:#dafbe1;color:#116329}em.gate{color:#59636e}.at{margin:0 0 .2rem;font-size:.8rem}footer{margin-top:2rem;color:#59636e;font-size:.8rem}`;

export function renderDiffHtml(comparisons: Comparison[], severity: Severity | 'all', valuesOf?: ValuesOf, gate?: HtmlGate): string {
  const total = comparisons.reduce((n, c) => n + c.summary.total, 0);
  const breaking = comparisons.reduce((n, c) => n + c.summary.breaking, 0);
  const failed = comparisons.filter((c) => c.error).length;
  const notCompared = failed > 0 ? `; ${failed} not compared (cannot be read)` : '';
  const verdict = gate
    ? [`<p class="verdict ${gate.failed ? 'fails' : 'passes'}">${gate.failed ? 'The breaking-change gate fails' : 'The breaking-change gate passes'}: ${escapeHtml(gate.line)}</p>`]
    : [];
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Nothing may be fetched: the page is complete as it is.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>API contract changes</title>',
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<h1>API contract changes</h1>',
    ...verdict,
    `<p class="total">${total} ${total === 1 ? 'change' : 'changes'} in ${comparisons.length} ${comparisons.length === 1 ? 'contract' : 'contracts'}, ${breaking} breaking${notCompared}.</p>`,
    ...comparisons.map((c) => contractHtml(c, severity, valuesOf, gate)),
    `<footer>Generated by specver ${gate ? 'breaking' : 'diff'} --format html.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
