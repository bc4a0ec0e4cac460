/**
 * `lint` given spec files instead of contract names: each file is linted as a contract of its own root. The
 * spec file of a configured contract is that contract; any other spec becomes one named by its label, its
 * format detected from its content.
 */
import { relative } from 'node:path';
import { detectKind, specKindOf } from '../load/detect.ts';
import { displayPath, readSpecText } from '../load/load.ts';
import type { SpecInput } from '../pipeline/spec-inputs.ts';
import type { ContractConfig, ContractFormat } from '../types.ts';
import { parseForLint } from './parse-findings.ts';

async function detectedFormat(input: SpecInput): Promise<ContractFormat> {
  const shown = displayPath(input.path, input.root);
  const text = await readSpecText(input.path, { projectRoot: input.root, readFile: input.readFile });
  const parsed = parseForLint(text, input.path, shown);
  // Unparsable: lint reports it as a finding (of the OpenAPI rules, as for any document it cannot read).
  if (parsed.problem) return 'openapi';
  // Neither OpenAPI nor JSON Schema: specKindOf names the file and says what specver reads (exit 2).
  return (detectKind(parsed.source.data, input.path) ?? specKindOf(parsed.source, shown)).format;
}

/** The contract a spec input is linted as. */
export async function lintContractOf(input: SpecInput): Promise<ContractConfig> {
  if (input.contract) return input.contract;
  return { name: input.label, format: await detectedFormat(input), path: relative(input.root, input.path).split('\\').join('/') };
}
