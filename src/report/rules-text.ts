/** Text and markdown renderings of the rule catalogue (`specver rules list` / `rules show`). */
import { ruleGroup, type RuleEntry } from './rules-catalogue.ts';
import { codeSpan, markdownLine, markdownText, tableCell } from './markdown-text.ts';

type Paint = (colour: 'bold' | 'dim' | 'red' | 'yellow' | 'gray', text: string) => string;
const plain: Paint = (_colour, text) => text;

function severityLabel(rule: RuleEntry): string {
  const scoped = rule.scoped ? ` [${rule.scoped.length} scoped]` : '';
  return (rule.overridden ? `${rule.severity} (default ${rule.defaultSeverity})` : rule.severity) + scoped;
}

/** A block's matchers in one line: `paths /internal/**; contracts legacy-*`, or `everywhere`. */
function whereText(where: Record<string, string[] | undefined>): string {
  const parts = Object.entries(where).filter(([, v]) => v?.length).map(([key, v]) => `${key} ${v!.join(', ')}`);
  return parts.length ? parts.join('; ') : 'everywhere';
}

function indented(value: unknown): string {
  return JSON.stringify(value, null, 2).split('\n').join('\n              ');
}

function groups(rules: RuleEntry[]): Map<string, RuleEntry[]> {
  const byGroup = new Map<string, RuleEntry[]>();
  for (const rule of rules) {
    const key = ruleGroup(rule).replace(/^lint-/, '');
    const list = byGroup.get(`${rule.kind}\u0000${key}`) ?? [];
    list.push(rule);
    byGroup.set(`${rule.kind}\u0000${key}`, list);
  }
  return new Map([...byGroup].sort(([a], [b]) => a.localeCompare(b)));
}

const KIND_TITLE = { classify: 'Classification rules', lint: 'Lint rules' } as const;

/** One line per rule, grouped by kind and category (classification) or format (lint). */
export function renderRulesListText(rules: RuleEntry[], paint: Paint = plain): string {
  if (rules.length === 0) return 'No rules.\n';
  const idWidth = Math.min(60, Math.max(...rules.map((r) => r.id.length)));
  const sevWidth = Math.max(...rules.map((r) => severityLabel(r).length));
  const lines: string[] = [];
  let kind: string | undefined;
  for (const [key, members] of groups(rules)) {
    const [groupKind, name] = key.split('\u0000') as [RuleEntry['kind'], string];
    if (groupKind !== kind) {
      kind = groupKind;
      if (lines.length) lines.push('');
      lines.push(paint('bold', `${KIND_TITLE[groupKind]} (${rules.filter((r) => r.kind === groupKind).length})`));
    }
    lines.push(`  ${paint('dim', name)}`);
    for (const rule of members) {
      const custom = rule.builtIn ? '' : ' [custom]';
      lines.push(`    ${rule.id.padEnd(idWidth)}  ${severityLabel(rule).padEnd(sevWidth)}  ${rule.summary}${custom}`);
    }
  }
  const overridden = rules.filter((r) => r.overridden).length;
  const scoped = rules.filter((r) => r.scoped).length;
  lines.push('');
  lines.push(`${rules.length} rules${overridden ? `, ${overridden} with a severity set in specver.yaml` : ''}${scoped ? `, ${scoped} changed by override blocks where they match` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** A classification rule that is off until specver.yaml gives it a severity. */
function optIn(rule: RuleEntry): boolean {
  return rule.kind === 'classify' && !rule.overridden && rule.severity === 'off' && rule.defaultSeverity !== 'off';
}

/** Every field of one rule, one per line. */
export function renderRuleText(rule: RuleEntry, paint: Paint = plain): string {
  const kind = rule.kind === 'classify' ? 'classification rule' : 'lint rule';
  const rows: [string, string | undefined][] = [
    ['kind', `${kind}${rule.format ? ` (${rule.format})` : ''}${rule.builtIn ? '' : ', custom'}`],
    ['category', rule.kind === 'classify' ? rule.category : undefined],
    ['severity', rule.severity + (rule.overridden ? ` (set in specver.yaml ${rule.severitySource})` : optIn(rule) ? ` (opt-in: ${rule.defaultSeverity} once rules.severity enables it)` : ' (default)')],
    ['default', rule.overridden ? rule.defaultSeverity : undefined],
    ...(rule.scoped ?? []).map((s): [string, string] => ['scoped', `${s.severity} where ${whereText(s.where)} (specver.yaml ${s.source})`]),
    ['on', rule.on ? `kind ${rule.on.kind.join(', ')}${rule.on.action ? `; action ${rule.on.action.join(', ')}` : ''}` : undefined],
    ['priority', rule.priority === undefined ? undefined : String(rule.priority)],
    ['conditions', rule.conditions ? indented(rule.conditions) : undefined],
    ['formats', rule.formats?.join(', ')],
    ['given', rule.given?.join(', ')],
    ['then', rule.then ? indented(rule.then.length === 1 ? rule.then[0] : rule.then) : undefined],
    ['summary', rule.summary],
    ['docs', rule.docs],
    ['message', rule.message],
    ...Object.entries(rule.messages ?? {}).map(([id, template]): [string, string] => [`  ${id}`, template]),
    ['deprecated', rule.deprecated ? `yes${rule.replacedBy ? `, replaced by ${rule.replacedBy.join(', ')}` : ''}` : undefined],
    ['source', rule.source],
  ];
  const lines = [paint('bold', rule.id)];
  for (const [label, value] of rows) if (value !== undefined) lines.push(`  ${`${label}:`.padEnd(11)} ${value}`);
  return `${lines.join('\n')}\n`;
}

/** Markdown tables, one per kind and group. */
export function renderRulesMarkdown(rules: RuleEntry[]): string {
  const out: string[] = [];
  let kind: string | undefined;
  for (const [key, members] of groups(rules)) {
    const [groupKind, name] = key.split('\u0000') as [RuleEntry['kind'], string];
    if (groupKind !== kind) {
      kind = groupKind;
      out.push(`## ${KIND_TITLE[groupKind]}`, '');
    }
    out.push(`### ${markdownText(name)}`, '', '| Rule | Severity | Summary |', '|---|---|---|');
    for (const rule of members) out.push(`| ${codeSpan(rule.id)} | ${markdownText(severityLabel(rule))} | ${tableCell(markdownLine(rule.summary))} |`);
    out.push('');
  }
  return `${out.join('\n')}`;
}
