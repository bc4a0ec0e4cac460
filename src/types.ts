/** The shared vocabulary of specver. Closed lists live here, in one place. */
import type { LifecyclePolicy } from './diff/lifecycle.ts';

export const SEVERITIES = ['breaking', 'non-breaking', 'patch'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const BUMPS = ['major', 'minor', 'patch'] as const;
export type Bump = (typeof BUMPS)[number];

export const CONTRACT_FORMATS = ['openapi', 'json-schema'] as const;
export type ContractFormat = (typeof CONTRACT_FORMATS)[number];

export const COMPATIBILITY_MODES = [
  'backward', 'forward', 'full', 'none', 'backward-transitive', 'forward-transitive', 'full-transitive',
] as const;
export type Compatibility = (typeof COMPATIBILITY_MODES)[number];
/** The mode the rules judge one pair of versions with: a transitive mode applies its base mode to each pair. */
export type PairCompatibility = Exclude<Compatibility, `${string}-transitive`>;

export function pairCompatibility(mode: Compatibility): PairCompatibility {
  return mode.replace(/-transitive$/, '') as PairCompatibility;
}

export function isTransitive(mode: Compatibility | undefined): boolean {
  return mode !== undefined && mode.endsWith('-transitive');
}

export const TRANSITIVE_SCOPES = ['all', 'major'] as const;
/** Which earlier versions a transitive mode checks: every release, or those of the base's major. */
export type TransitiveScope = (typeof TRANSITIVE_SCOPES)[number];

export const VERSIONING_MODES = ['independent', 'fixed'] as const;
export type VersioningMode = (typeof VERSIONING_MODES)[number];

/** `^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$` (decisions.md 1). */
export const CONTRACT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export interface ContractConfig {
  name: string;
  format: ContractFormat;
  /** Path relative to the project root, with forward slashes. */
  path: string;
  /** json-schema contracts only. */
  compatibility?: Compatibility;
  /** Transitive compatibility modes only (default `all`). */
  transitiveScope?: TransitiveScope;
}

export interface RuleCustomisation {
  /** Extra rule files, relative to the project root. */
  files: string[];
  /** Rule id -> new severity, or `off`. */
  severity: Record<string, string>;
  /** Scoped severities (`rules.overrides`, `lint.overrides`), in order; a later block wins. */
  overrides?: OverrideBlock[];
}

/** One block of `rules.overrides` / `lint.overrides`: matchers (globs) and the severities it sets. */
export interface OverrideBlock {
  contracts?: string[];
  /** Classification: `[METHOD ]<path template glob>`. */
  paths?: string[];
  /** Lint: spec files relative to the project root. */
  files?: string[];
  pointers?: string[];
  categories?: string[];
  /** Rule id (or, for classification, category) -> severity or `off`. */
  severity: Record<string, string>;
}

export interface Config {
  /** Absolute path of specver.yaml. */
  file: string;
  /** Absolute path of the directory holding specver.yaml: every relative path is resolved against it. */
  root: string;
  versioning: VersioningMode;
  contracts: ContractConfig[];
  rules: RuleCustomisation;
  /** `baseline`: the lint baseline file relative to root (default `.specver/lint-baseline.yaml`). */
  lint: RuleCustomisation & { baseline?: string };
  /** Changelog path relative to root, or false for none. */
  changelog: string | false;
  git: { commit: boolean; tag: boolean };
  /** `syncInfoVersion`: `version` writes the released version into OpenAPI specs' `info.version` (default true). */
  syncInfoVersion?: boolean;
  /**
   * The `breaking` gate: let acknowledged breaks through; waiver file relative to root; whose policy judges a
   * pull request at a git base (`gate.policy`, only when written: `head` by default).
   */
  gate?: { allowAcknowledged: boolean; waivers: string; policy?: 'base' | 'head' };
  /** http(s) URL prefix -> absolute local directory holding vendored copies (`refs.map`, resolved against root). */
  refsMap: Record<string, string>;
  /** Lifecycle policy (`lifecycle` in specver.yaml): stability exemption and minimum deprecation periods (defaults when absent). */
  lifecycle?: LifecyclePolicy;
}

/** Suggested bump for a severity (decisions.md 3). */
export const BUMP_FOR_SEVERITY: Record<Severity, Bump> = {
  breaking: 'major',
  'non-breaking': 'minor',
  patch: 'patch',
};

export const BUMP_ORDER: Record<Bump, number> = { patch: 1, minor: 2, major: 3 };

export function highestBump(bumps: Iterable<Bump>): Bump | undefined {
  let best: Bump | undefined;
  for (const bump of bumps) if (!best || BUMP_ORDER[bump] > BUMP_ORDER[best]) best = bump;
  return best;
}
