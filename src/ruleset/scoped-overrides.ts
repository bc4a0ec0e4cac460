/**
 * Severity policy: a rule's default, then `rules.severity` / `lint.severity`, then each `overrides` block
 * whose matchers all match, in order (a later block wins; ESLint `overrides`, buf `ignore_only`). Blocks are
 * validated against the known rule ids and categories; an unknown one is a ConfigError at its line in
 * specver.yaml, so a typo cannot silently do nothing.
 */
import { didYouMean } from '../toolkit/close-matches.ts';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { globMatcher } from './linear-glob.ts';
import { ConfigError } from '../errors.ts';
import type { OverrideBlock } from '../types.ts';
import { lineOfPath } from '../config/yaml-positions.ts';
import { parseConfigDocument } from '../config/load-config.ts';

export type Section = 'rules' | 'lint';

/** Where a change or violation sits. Absent fields match no block that asks for them. */
export interface Scope {
  rule: string;
  category?: string;
  contract?: string;
  method?: string;
  path?: string;
  /** Operations a shared component change affects (`GET /pets`): a `paths` block must match all of them. */
  usedBy?: string[];
  /** Spec file relative to the project root (lint). */
  file?: string;
  pointer?: string;
}

export interface Effective {
  severity: string;
  /** `default`, `rules.severity`, `rules.overrides[2]` (lint: `lint.severity`, `lint.overrides[0]`). */
  source: string;
}

export interface PolicyInput {
  section: Section;
  /** Known rule ids -> category (lint rules: undefined). */
  rules: Map<string, string | undefined>;
  severity?: Record<string, string>;
  overrides?: OverrideBlock[];
  /** Absolute path of specver.yaml, to name the line of a bad block. */
  configFile?: string;
}

type Matcher = (value: string) => boolean;

/** `/u/{id}` and `/u/{userId}` are the same template: parameter names are erased on both sides. */
const erased = (template: string) => template.replace(/\{[^}/]*\}/g, '{}');

function operationMatcher(pattern: string): (method: string, path: string) => boolean {
  const spaced = /^(\S+)\s+(\/.*)$/.exec(pattern.trim());
  const method = spaced ? spaced[1]!.toUpperCase() : '*';
  // specver.yaml is repository content: its globs are matched in linear time (linear-glob.ts).
  const glob = globMatcher(erased(spaced ? spaced[2]! : pattern.trim()).replace(/\{\}/g, '\\{\\}'));
  return (m, p) => (method === '*' || method === m.toUpperCase()) && glob(erased(p));
}

class CompiledBlock {
  private readonly contracts?: Matcher;
  private readonly operations?: ((method: string, path: string) => boolean)[];
  private readonly files?: Matcher;
  private readonly pointers?: Matcher;
  private readonly categories?: Set<string>;

  /** `rules.overrides[2]`, named once. */
  readonly source: string;

  constructor(section: Section, readonly index: number, readonly block: OverrideBlock) {
    this.source = `${section}.overrides[${index}]`;
    if (block.contracts) this.contracts = globMatcher(block.contracts);
    if (block.paths) this.operations = block.paths.map(operationMatcher);
    if (block.files) this.files = globMatcher(block.files.map((f) => f.replace(/^\.\//, '')));
    if (block.pointers) this.pointers = globMatcher(block.pointers);
    if (block.categories) this.categories = new Set(block.categories);
  }

  private operationMatches(operation: string): boolean {
    const [method = '', path = ''] = operation.split(' ', 2);
    return this.operations!.some((matches) => matches(method, path));
  }

  matchesContract(name: string): boolean {
    return !this.contracts || this.contracts(name);
  }

  matches(scope: Scope, category = scope.category): boolean {
    if (this.contracts && !(scope.contract !== undefined && this.contracts(scope.contract))) return false;
    if (this.categories && !(category !== undefined && this.categories.has(category))) return false;
    if (this.files && !(scope.file !== undefined && this.files(scope.file))) return false;
    if (this.pointers && !(scope.pointer !== undefined && this.pointers(scope.pointer))) return false;
    if (this.operations) {
      if (scope.usedBy?.length) return scope.usedBy.every((operation) => this.operationMatches(operation));
      if (scope.method === undefined || scope.path === undefined) return false;
      return this.operationMatches(`${scope.method} ${scope.path}`);
    }
    return true;
  }

  /** The severity this block sets for the rule: by id first, else by its category. */
  severityFor(rule: string, category: string | undefined): string | undefined {
    const set = this.block.severity;
    if (Object.hasOwn(set, rule)) return set[rule];
    return category !== undefined && Object.hasOwn(set, category) ? set[category] : undefined;
  }
}

/** The line of `path` (and `key` in it) in the config file, for messages; undefined when unreadable. */
export function configLine(configFile: string | undefined, path: (string | number)[], key?: string): number | undefined {
  if (!configFile) return undefined;
  try {
    const { doc, counter } = parseConfigDocument(readFileSync(configFile, 'utf8'), configFile);
    return lineOfPath(doc, counter, path, key);
  } catch {
    return undefined;
  }
}

export class SeverityPolicy {
  /**
   * How specver.yaml is named in messages: relative to the project root (the folder holding it), as findings
   * and the gate name it; never through the process's working directory, which a worker thread or a library
   * caller does not share with the run.
   */
  static shown(configFile: string): string {
    return basename(configFile);
  }

  private readonly blocks: CompiledBlock[];
  private readonly base: Record<string, string>;

  constructor(private readonly input: PolicyInput) {
    this.base = input.severity ?? {};
    const categories = new Set([...input.rules.values()].filter((c): c is string => c !== undefined));
    const list = input.section === 'rules' ? 'rule or category' : 'lint rule';
    const hint = input.section === 'rules' ? 'run `specver rules list` to see the rule ids and categories' : 'run `specver rules list --kind lint` for the ids';
    (input.overrides ?? []).forEach((block, index) => {
      for (const key of Object.keys(block.severity)) {
        if (input.rules.has(key) || categories.has(key)) continue;
        const path = [input.section, 'overrides', index, 'severity'];
        throw new ConfigError(`${input.section}.overrides[${index}].severity names an unknown ${list} '${key}'`, {
          ...(input.configFile ? { file: SeverityPolicy.shown(input.configFile), line: configLine(input.configFile, path, key) } : {}),
          hint: didYouMean(key, [...input.rules.keys(), ...categories]) ?? hint,
        });
      }
    });
    this.blocks = (input.overrides ?? []).map((block, index) => new CompiledBlock(input.section, index, block));
  }

  get hasOverrides(): boolean {
    return this.blocks.length > 0;
  }

  /** The severity in effect for a rule at one place, and where it was set. */
  severityOf(scope: Scope, defaultSeverity: string): Effective {
    const { section } = this.input;
    let effective: Effective = Object.hasOwn(this.base, scope.rule)
      ? { severity: this.base[scope.rule]!, source: `${section}.severity` }
      : { severity: defaultSeverity, source: 'default' };
    const category = scope.category ?? this.input.rules.get(scope.rule);
    for (const block of this.blocks) {
      const set = block.severityFor(scope.rule, category);
      if (set !== undefined && block.matches(scope, category)) effective = { severity: set, source: block.source };
    }
    return effective;
  }

  /** Whether a block's `contracts` globs (if any) match a contract name. */
  contractMatches(block: OverrideBlock, contract: string): boolean {
    return this.blocks.find((b) => b.block === block)?.matchesContract(contract) ?? false;
  }

  /** The blocks that can change a rule's severity somewhere, with what they set (for `rules list`/`show`). */
  scopedFor(rule: string): { source: string; severity: string; block: OverrideBlock }[] {
    const category = this.input.rules.get(rule);
    return this.blocks.flatMap((block) => {
      const set = block.severityFor(rule, category);
      if (set === undefined) return [];
      if (block.block.categories && !(category !== undefined && block.block.categories.includes(category))) return [];
      return [{ source: block.source, severity: set, block: block.block }];
    });
  }
}
