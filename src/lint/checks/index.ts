/** Named checks by the name a rule file's `check` field uses. */
import type { LintDocument, RawFinding } from '../types.ts';
import { metaSchemaFindings } from '../meta-schema.ts';
import { ambiguousPaths, identicalPaths, pathParameters, responseCodeQuoted, securityDefined, serverVariables, tagsDeclared, uniqueOperationIds, uniqueParameters } from './operations.ts';
import { arrayItems, duplicateEnum, duplicateRequired, enumType, patternCompiles, requiredDefined } from './schemas.ts';
import { unresolvedRefs, unusedComponents } from './refs.ts';
import { examplesValid } from './examples.ts';
import { stabilityLevel, sunsetDeprecated, sunsetFormat } from './lifecycle.ts';

export const CHECKS: Record<string, (doc: LintDocument) => RawFinding[]> = {
  'meta-schema': metaSchemaFindings,
  'unique-operation-ids': uniqueOperationIds,
  'path-parameters': pathParameters,
  'unique-parameters': uniqueParameters,
  'ambiguous-paths': ambiguousPaths,
  'identical-paths': identicalPaths,
  'security-defined': securityDefined,
  'server-variables': serverVariables,
  'enum-type': enumType,
  'array-items': arrayItems,
  'unresolved-refs': unresolvedRefs,
  'duplicate-enum': duplicateEnum,
  'duplicate-required': duplicateRequired,
  'examples-valid': examplesValid,
  'required-defined': requiredDefined,
  'tags-declared': tagsDeclared,
  'unused-components': unusedComponents,
  'response-code-quoted': responseCodeQuoted,
  'pattern-compiles': patternCompiles,
  'sunset-format': sunsetFormat,
  'sunset-deprecated': sunsetDeprecated,
  'stability-level': stabilityLevel,
  // A parsed document is parseable: the findings come from parse-findings.ts, before there is a document.
  parseable: () => [],
};
