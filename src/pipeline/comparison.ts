/** What a comparison of one contract produces: plain data, shared by the pipeline, the reports and the gate. */
import type { Finding, Summary } from '../classify/types.ts';
import type { ContractConfig } from '../types.ts';
import type { ContractError } from './contract-error.ts';
import type { LoadedSpec } from '../load/types.ts';

export interface CompareOptions {
  /** `--base` as given on the command line. */
  base?: string;
  today: Date;
  /** Whether findings carry their line (default true); a report that prints none skips the lookups. */
  lines?: boolean;
  /**
   * At a git base: current contract name -> its spec path at the base (null: new in the pull request). A contract
   * missing here is compared with the file at its own path.
   */
  basePaths?: Record<string, string | null>;
  /** Rule files (absolute path -> text) read at the git base, for judging with the base's policy. */
  ruleTexts?: Record<string, string>;
  /**
   * A spec (or base snapshot) that cannot be read gives a comparison with `error` instead of throwing, so a
   * run over many contracts goes on with the others (diff, breaking, status).
   */
  keepReadErrors?: boolean;
  /**
   * Filled with both loaded sides of each contract compared in this thread (by contract name), for a report that
   * shows their values (diff --format html) without reading them again. Comparisons on worker threads leave it.
   */
  keepLoaded?: Map<string, LoadedSides>;
}

/** The two documents a comparison read: the base is absent when there was none to compare against. */
export interface LoadedSides {
  base?: LoadedSpec;
  revision: LoadedSpec;
}

export interface BaseInfo {
  /** What the current spec was compared against: `petstore@1.2.0` or `git:origin/main`. */
  label: string;
  /** The snapshot version, when the base is a snapshot. */
  version?: string;
  /** File of the base document, relative to the project root (snapshot path, or spec path at the git ref). */
  file: string;
  /** Transitive compatibility: the earlier releases also checked, oldest first (none: only the base). */
  earlier?: string[];
}

export interface Comparison {
  contract: ContractConfig;
  base: BaseInfo;
  /** False when the contract did not exist at the base (a git ref before it was added): nothing to compare. */
  hasBase: boolean;
  /** True for a contract of the git base that the pull request removed from specver.yaml. */
  removed?: boolean;
  findings: Finding[];
  summary: Summary;
  /** Set when the spec or its base cannot be read: nothing was compared (findings are empty). */
  error?: ContractError;
  /** Two specs compared as given on the command line (no snapshot): the two arguments as written. */
  inputs?: { base: string; revision: string };
}
