/**
 * A finding whose severity a scoped block of specver.yaml (`rules.overrides`) changed carries where that came
 * from: a reviewer sees that a break was turned non-breaking for this path or contract, and by which line.
 */
import { relative } from 'node:path';
import { configLine } from '../ruleset/scoped-overrides.ts';
import type { Severity } from '../types.ts';
import type { SeverityOverride } from './types.ts';

const SCOPED = /^rules\.overrides\[(\d+)\]$/;

export class OverrideSources {
  private readonly lines = new Map<string, number | undefined>();

  /** `configFile`: absolute path of specver.yaml; `relativeTo`: the project root, to name it as the reports do. */
  constructor(
    private readonly configFile: string | undefined,
    private readonly relativeTo: string | undefined,
  ) {}

  /**
   * The override record when `source` (SeverityPolicy's) is a scoped block that changed the severity `unscoped`
   * would have had (the rule's default, or its `rules.severity`); undefined otherwise.
   */
  of(source: string, unscoped: Severity, effective: Severity): SeverityOverride | undefined {
    const index = SCOPED.exec(source)?.[1];
    if (index === undefined || unscoped === effective) return undefined;
    return { from: unscoped, to: effective, source: this.where(source, Number(index)), block: source };
  }

  /** `specver.yaml:12` (the block's line, read once per block), or the block's name without a config file. */
  private where(source: string, index: number): string {
    if (!this.configFile) return source;
    if (!this.lines.has(source)) this.lines.set(source, configLine(this.configFile, ['rules', 'overrides', index]));
    const file = (this.relativeTo ? relative(this.relativeTo, this.configFile) : this.configFile).split('\\').join('/');
    const line = this.lines.get(source);
    return line ? `${file}:${line}` : file;
  }
}
