/**
 * The rule ids a waiver may name in this run: the built-in classification rules, the judging policy's own rule
 * files, and whatever the findings carry (`unclassified`, `contract-removed`). A waiver naming none of them can
 * never match, and is reported with the closest ids.
 */
import { resolve } from 'node:path';
import type { Comparison } from '../pipeline/comparison.ts';
import type { Config } from '../types.ts';
import { CONTRACT_REMOVED_RULE } from '../pipeline/git-base.ts';

export async function knownRuleIds(config: Config, comparisons: Comparison[], ruleTexts?: Record<string, string>): Promise<Set<string>> {
  const ids = new Set<string>(['unclassified', CONTRACT_REMOVED_RULE]);
  for (const comparison of comparisons) for (const finding of comparison.findings) ids.add(finding.rule);
  if (ruleTexts) {
    // The base commit's policy judged: its rule files, already read and used; the head's are not read at all.
    const { builtInRules } = await import('../ruleset/load-rules.ts');
    for (const rule of builtInRules()) ids.add(rule.id);
    for (const text of Object.values(ruleTexts)) {
      try {
        const id = (JSON.parse(text) as { id?: unknown }).id;
        if (typeof id === 'string') ids.add(id);
      } catch {
        // A rule file that is not JSON failed the comparison already; it names no rule here.
      }
    }
  } else {
    const { loadRuleCatalogue } = await import('../classify/classify.ts');
    for (const rule of await loadRuleCatalogue({ ruleFiles: config.rules.files.map((file) => resolve(config.root, file)) })) ids.add(rule.id);
  }
  return ids;
}
