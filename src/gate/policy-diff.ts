/**
 * What a pull request changes in the policy the gate judges it with: the contract list and per-contract
 * settings, rule files, severities and scoped overrides, lifecycle settings, the gate settings and the waivers.
 * Every one of these can let a break through, and the pull request being judged can change them all, so each
 * change is listed in the gate's output. Pure: the caller reads both sides.
 */
import type { Config, ContractConfig, OverrideBlock } from '../types.ts';
import type { Waiver, WaiverFile } from './waivers.ts';

export const POLICY_CHANGE_KINDS = [
  'config-added',
  'contract-added',
  'contract-removed',
  'contract-renamed',
  'contract-path',
  'contract-format',
  'contract-compatibility',
  'rule-file-added',
  'rule-file-removed',
  'rule-file-changed',
  'rule-severity',
  'rule-override-added',
  'rule-override-removed',
  'rule-overrides-reordered',
  'lifecycle',
  'gate-setting',
  'waiver-file',
  'waiver-added',
  'waiver-removed',
] as const;
export type PolicyChangeKind = (typeof POLICY_CHANGE_KINDS)[number];

/** `backward`, or `backward-transitive (transitiveScope major)`: the scope narrows what a transitive mode checks. */
function compatibilityOf(contract: ContractConfig): string | undefined {
  return contract.transitiveScope ? `${contract.compatibility} (transitiveScope ${contract.transitiveScope})` : contract.compatibility;
}

export interface PolicyChange {
  kind: PolicyChangeKind;
  /** One line saying what changed, old value and new. */
  message: string;
  /** The file the change is in, relative to the project root. */
  file: string;
}

export interface PolicySide {
  config: Config;
  waivers: WaiverFile;
  /** Rule file (relative path, as in rules.files) -> its text on that side. */
  ruleTexts: Record<string, string>;
}

const shown = (value: unknown) => (value === undefined ? 'unset' : JSON.stringify(value));

function waiverText(w: Waiver): string {
  return `${w.rule} on ${w.contract} at ${w.location} (${w.reason}${w.expires ? `, until ${w.expires}` : ''})`;
}
const waiverKey = (w: Waiver) => JSON.stringify([w.rule, w.contract, w.location, w.reason, w.expires ?? null]);

function overrideText(block: OverrideBlock): string {
  const { severity, ...matchers } = block;
  const scope = Object.entries(matchers).map(([key, values]) => `${key} ${(values as string[]).join(', ')}`).join('; ');
  const set = Object.entries(severity).map(([rule, level]) => `${rule}: ${level}`).join(', ');
  return `${set}${scope ? ` for ${scope}` : ' everywhere'}`;
}

function contractChanges(base: ContractConfig[], head: ContractConfig[], renamed: { from: string; to: string }[], file: string): PolicyChange[] {
  const changes: PolicyChange[] = [];
  const before = new Map(base.map((c) => [c.name, c]));
  const renamedTo = new Map(renamed.map((r) => [r.to, r.from]));
  for (const contract of head) {
    const oldName = renamedTo.get(contract.name) ?? contract.name;
    const old = before.get(oldName);
    before.delete(oldName);
    if (!old) {
      changes.push({ kind: 'contract-added', message: `contract ${contract.name} (${contract.path}) added`, file });
      continue;
    }
    if (oldName !== contract.name) changes.push({ kind: 'contract-renamed', message: `contract ${oldName} renamed to ${contract.name}`, file });
    if (old.path !== contract.path) changes.push({ kind: 'contract-path', message: `contract ${contract.name}: path ${old.path} -> ${contract.path}`, file });
    if (old.format !== contract.format) changes.push({ kind: 'contract-format', message: `contract ${contract.name}: format ${old.format} -> ${contract.format}`, file });
    else if (compatibilityOf(old) !== compatibilityOf(contract))
      changes.push({ kind: 'contract-compatibility', message: `contract ${contract.name}: compatibility ${compatibilityOf(old)} -> ${compatibilityOf(contract)}`, file });
  }
  for (const old of before.values()) changes.push({ kind: 'contract-removed', message: `contract ${old.name} (${old.path}) removed`, file });
  return changes;
}

function ruleChanges(base: PolicySide, head: PolicySide, file: string): PolicyChange[] {
  const changes: PolicyChange[] = [];
  const [oldFiles, newFiles] = [base.config.rules.files, head.config.rules.files];
  for (const ruleFile of newFiles) {
    if (!oldFiles.includes(ruleFile)) changes.push({ kind: 'rule-file-added', message: `rules.files: ${ruleFile} added`, file: ruleFile });
    else if (base.ruleTexts[ruleFile] !== head.ruleTexts[ruleFile]) changes.push({ kind: 'rule-file-changed', message: `rule file ${ruleFile} changed`, file: ruleFile });
  }
  for (const ruleFile of oldFiles) if (!newFiles.includes(ruleFile)) changes.push({ kind: 'rule-file-removed', message: `rules.files: ${ruleFile} removed`, file });
  const [oldSeverity, newSeverity] = [base.config.rules.severity, head.config.rules.severity];
  for (const rule of [...new Set([...Object.keys(oldSeverity), ...Object.keys(newSeverity)])].sort()) {
    const [was, now] = [oldSeverity[rule], newSeverity[rule]];
    if (was !== now) changes.push({ kind: 'rule-severity', message: `rules.severity.${rule}: ${was ?? "the rule's default"} -> ${now ?? "the rule's default"}`, file });
  }
  const key = (block: OverrideBlock) => JSON.stringify(block);
  const [oldBlocks, newBlocks] = [base.config.rules.overrides ?? [], head.config.rules.overrides ?? []];
  const oldKeys = oldBlocks.map(key);
  const newKeys = newBlocks.map(key);
  newBlocks.forEach((block, i) => {
    if (!oldKeys.includes(newKeys[i]!)) changes.push({ kind: 'rule-override-added', message: `rules.overrides[${i}] added: ${overrideText(block)}`, file });
  });
  oldBlocks.forEach((block, i) => {
    if (!newKeys.includes(oldKeys[i]!)) changes.push({ kind: 'rule-override-removed', message: `rules.overrides block removed: ${overrideText(block)}`, file });
  });
  // The order of blocks decides (a later one wins): the same blocks reordered are a change too.
  if (changes.every((c) => !c.kind.startsWith('rule-override')) && oldKeys.join('\n') !== newKeys.join('\n'))
    changes.push({ kind: 'rule-overrides-reordered', message: 'rules.overrides reordered (a later block wins)', file });
  return changes;
}

function settingChanges(base: Config, head: Config, file: string): PolicyChange[] {
  const changes: PolicyChange[] = [];
  const lifecycle = (c: Config) => ({ exemptBelow: c.lifecycle?.exemptBelow, ...Object.fromEntries(Object.entries(c.lifecycle?.deprecationDays ?? {}).map(([k, v]) => [`deprecationDays.${k}`, v])) });
  const [oldLife, newLife] = [lifecycle(base), lifecycle(head)] as Record<string, unknown>[];
  for (const key of [...new Set([...Object.keys(oldLife!), ...Object.keys(newLife!)])])
    if (oldLife![key] !== newLife![key]) changes.push({ kind: 'lifecycle', message: `lifecycle.${key}: ${shown(oldLife![key])} -> ${shown(newLife![key])}`, file });
  for (const key of ['allowAcknowledged', 'policy'] as const) {
    const [was, now] = [base.gate?.[key], head.gate?.[key]];
    if (was !== now) changes.push({ kind: 'gate-setting', message: `gate.${key}: ${shown(was)} -> ${shown(now)}`, file });
  }
  return changes;
}

function waiverChanges(base: WaiverFile, head: WaiverFile, configFile: string): PolicyChange[] {
  const changes: PolicyChange[] = [];
  if (base.file !== head.file) changes.push({ kind: 'waiver-file', message: `gate.waivers: ${base.file} -> ${head.file}`, file: configFile });
  const oldKeys = new Set(base.waivers.map(waiverKey));
  const newKeys = new Set(head.waivers.map(waiverKey));
  for (const w of head.waivers) if (!oldKeys.has(waiverKey(w))) changes.push({ kind: 'waiver-added', message: `waiver added: ${waiverText(w)}`, file: head.file });
  for (const w of base.waivers) if (!newKeys.has(waiverKey(w))) changes.push({ kind: 'waiver-removed', message: `waiver removed: ${waiverText(w)}`, file: head.file });
  return changes;
}

/**
 * Every change from the base's policy to the pull request's. `base` undefined: the pull request adds
 * specver.yaml, so all of its policy is new. `configFile` names specver.yaml, relative to the project root.
 */
export function policyChanges(
  base: PolicySide | undefined,
  head: PolicySide,
  renamed: { from: string; to: string }[],
  configFile: string,
): PolicyChange[] {
  if (!base) return [{ kind: 'config-added', message: `${configFile} is new in this pull request: all of its policy is new`, file: configFile }];
  return [
    ...contractChanges(base.config.contracts, head.config.contracts, renamed, configFile),
    ...ruleChanges(base, head, configFile),
    ...settingChanges(base.config, head.config, configFile),
    ...waiverChanges(base.waivers, head.waivers, configFile),
  ];
}
