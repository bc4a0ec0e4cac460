/**
 * The YAML schema specs are read with: YAML 1.2 core types plus merge keys (`<<`). No timestamps or binary:
 * a spec is JSON data, so an unquoted date stays the string it was written as.
 */
import * as jsYaml from 'js-yaml';
import { CORE_SCHEMA } from 'js-yaml';

// `types` is exported by js-yaml but missing from its type definitions.
const mergeType = (jsYaml as unknown as { types: { merge: jsYaml.Type } }).types.merge;

export const SPEC_SCHEMA = CORE_SCHEMA.extend({ implicit: [mergeType] });
