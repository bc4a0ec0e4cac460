/**
 * Ad-hoc comparison of two specs given on the command line, with no snapshot: each side loaded from its own
 * root, then classified with the project's rules when there is a project. A side that is a contract's spec file
 * brings that contract's settings (compatibility, `rules.overrides` naming it); any other spec gets the defaults.
 */
import { join } from 'node:path';
import { ConfigError } from '../errors.ts';
import { describeKind } from '../load/detect.ts';
import type { LoadedSpec } from '../load/types.ts';
import type { Config, ContractConfig } from '../types.ts';
import { pairCompatibility } from '../types.ts';
import type { Comparison } from './comparison.ts';
import type { SpecInput } from './spec-inputs.ts';

export interface CompareFilesOptions {
  config?: Config;
  today: Date;
  /** Whether findings carry their line (default true). */
  lines?: boolean;
  /** Finding files are shown relative to this directory (the project root, or the current directory). */
  relativeTo: string;
  /** Given, receives both loaded specs, for a report that shows their values (read once, not again). */
  keepLoaded?: { base?: LoadedSpec; revision?: LoadedSpec };
}

/** Loads one side (its `$ref`s confined to its root; refs.map only inside the project). */
export async function loadInput(input: SpecInput, config: Config | undefined, expectedFormat?: ContractConfig['format']): Promise<LoadedSpec> {
  const { loadSpec } = await import('../load/load.ts');
  const refsMap = input.inProject ? config?.refsMap : undefined;
  const rootName = input.inProject ? undefined : input.argument.kind === 'stdin' ? `the current directory (${input.root})` : `the directory of ${input.label} (${input.root})`;
  return loadSpec(input.path, { projectRoot: input.root, refsMap, readFile: input.readFile, expectedFormat, rootName });
}

/** The contract settings the comparison runs with: the revision's contract, else the base's, else defaults. */
function settingsOf(base: SpecInput, revision: SpecInput): { name: string; compatibility?: ContractConfig['compatibility'] } {
  const contract = revision.contract ?? base.contract;
  return contract ? { name: contract.name, compatibility: contract.compatibility } : { name: revision.label };
}

export async function compareInputs(base: SpecInput, revision: SpecInput, options: CompareFilesOptions): Promise<Comparison> {
  const [{ classifySpecs }, { summarize }] = await Promise.all([import('../classify/classify.ts'), import('../classify/summary.ts')]);
  const contract = revision.contract ?? base.contract;
  // Both are read before either failure is reported, so the error named does not depend on which read ends
  // first: the revision's, as in a project (the file being edited), then the base's.
  const [baseRead, revisionRead] = await Promise.allSettled([
    loadInput(base, options.config, contract?.format),
    loadInput(revision, options.config, contract?.format),
  ]);
  if (revisionRead.status === 'rejected') throw revisionRead.reason;
  if (baseRead.status === 'rejected') throw baseRead.reason;
  const [baseSpec, revisionSpec] = [baseRead.value, revisionRead.value];
  if (baseSpec.kind.format !== revisionSpec.kind.format) {
    throw new ConfigError(`${base.label} is ${describeKind(baseSpec.kind)} but ${revision.label} is ${describeKind(revisionSpec.kind)}: they cannot be compared`, {
      file: revision.label,
      hint: 'compare two OpenAPI documents, or two JSON Schemas',
    });
  }
  if (options.keepLoaded) Object.assign(options.keepLoaded, { base: baseSpec, revision: revisionSpec });
  const settings = settingsOf(base, revision);
  const { config } = options;
  const findings = await classifySpecs(baseSpec, revisionSpec, {
    today: options.today,
    ruleFiles: config ? config.rules.files.map((file) => join(config.root, file)) : [],
    severityOverrides: config?.rules.severity,
    overrides: config?.rules.overrides,
    contract: settings.name,
    configFile: config?.file,
    // Two files are one pair: a transitive mode judges it by its base mode (older releases are not in play).
    compatibility: settings.compatibility ? pairCompatibility(settings.compatibility) : undefined,
    relativeTo: options.relativeTo,
    lifecycle: config?.lifecycle,
    lines: options.lines,
  });
  const compared: ContractConfig = { name: settings.name, format: revisionSpec.kind.format, path: revision.label, ...(settings.compatibility ? { compatibility: settings.compatibility } : {}) };
  return {
    contract: compared,
    base: { label: base.label, file: base.label },
    hasBase: true,
    findings,
    summary: summarize(findings),
    inputs: { base: base.argument.given, revision: revision.argument.given },
  };
}
