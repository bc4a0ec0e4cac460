import type { Bump, Severity } from '../types.ts';

/** A classified change, as reported by diff, breaking and changeset. */
export interface Finding {
  /** Stable kebab-case rule id (`request-property-required-added`), or `unclassified`. */
  rule: string;
  category: string;
  severity: Severity;
  message: string;
  /** JSON Pointer in the revision, or in the base for removals. */
  location: string;
  /** Which side `location` refers to. */
  side: 'base' | 'revision';
  /** File the node is in, relative to the project root, and its 1-based line, where known. */
  file?: string;
  line?: number;
  /** OpenAPI only: the operation the change belongs to. */
  method?: string;
  path?: string;
  /** Operations affected by a change to a shared component (`GET /pets`), reported once. */
  usedBy?: string[];
  /**
   * Transitive compatibility only: the earlier versions (or `git:<ref>`) the change is found against, oldest
   * first. One finding stands for the same change against each of them.
   */
  against?: string[];
  /**
   * Where the compared nodes are written on each side (file relative to the project root, pointer in that file),
   * for reports that show the values before and after (the HTML report). Not part of the JSON output.
   */
  sides?: { base?: SideNode; revision?: SideNode };
  /** Set when a scoped block of specver.yaml (`rules.overrides`) changed the rule's severity here. */
  severityOverride?: SeverityOverride;
}

export interface SeverityOverride {
  /** What the severity would be without the block (the rule's default, or its `rules.severity`). */
  from: Severity;
  to: Severity;
  /** Where the block is: `specver.yaml:12`. */
  source: string;
  /** Which block: `rules.overrides[0]`. */
  block: string;
}

export interface SideNode {
  file: string;
  pointer: string;
}

export interface Summary {
  total: number;
  breaking: number;
  nonBreaking: number;
  patch: number;
  /** Suggested bump: the highest of the findings' bumps, or null when there are no changes. */
  bump: Bump | null;
}
