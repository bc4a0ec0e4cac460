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
import { parseForLint, type Parsed } from './parse-findings.ts';

function detectedFormat(parsed: Parsed, input: SpecInput, shown: string): ContractFormat {
  // Unparsable: lint reports it as a finding (of the OpenAPI rules, as for any document it cannot read).
  if (parsed.problem) return 'openapi';
  // Neither OpenAPI nor JSON Schema: specKindOf names the file and says what specver reads (exit 2).
  return (detectKind(parsed.source.data, input.path) ?? specKindOf(parsed.source, shown)).format;
}

/**
 * The contract a spec input is linted as. A file of no configured contract is read and parsed here to tell its
 * format; `parsed` hands that parse on, so the file is not read and parsed a second time to be linted.
 */
export async function lintContractOf(input: SpecInput): Promise<{ contract: ContractConfig; parsed?: Parsed }> {
  if (input.contract) return { contract: input.contract };
  const shown = displayPath(input.path, input.root);
  const parsed = parseForLint(await readSpecText(input.path, { projectRoot: input.root, readFile: input.readFile }), input.path, shown);
  const contract: ContractConfig = { name: input.label, format: detectedFormat(parsed, input, shown), path: relative(input.root, input.path).split('\\').join('/') };
  return { contract, parsed };
}
