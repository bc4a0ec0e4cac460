/** ajv instances per JSON Schema dialect, configured alike for run-time compiles and precompiled code. */
import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';
import { untrustedRegExpEngine } from './untrusted-regex.ts';
import { quickUriFormats } from '../toolkit/uri-formats.ts';

/** ajv is CommonJS: required on first use, so a lint run whose examples need no ajv never loads it. */
const require = createRequire(import.meta.url);

export type AjvDialect = 'draft-07' | '2019-09' | '2020-12';

/**
 * A new instance. `forData`: one that validates examples (lenient, first error only); otherwise the
 * instance whose code scripts/generate-validators.ts precompiles for the validity rule (all errors). Neither
 * checks the schemas it compiles against their meta-schema: the validity instance compiles only schemas
 * shipped with specver, and a document's own schemas are judged by the validity rule. The data instance runs
 * a document's patterns on the linear-time engine of untrusted-regex.ts.
 */
export function createAjv(dialect: AjvDialect, forData = false, code?: { source: true; esm: true }): Ajv {
  const options: Options = { allErrors: !forData, strict: false, allowUnionTypes: true, logger: false, validateSchema: false, unicodeRegExp: false, ...(forData ? { code: { optimize: false, regExp: untrustedRegExpEngine }, inlineRefs: false } : {}) };
  // scripts/generate-validators.ts: the same instance, emitting standalone code.
  if (code) options.code = { ...options.code, ...code };
  const AjvClass: new (o: Options) => Ajv =
    dialect === '2020-12' ? require('ajv/dist/2020.js').Ajv2020 : dialect === '2019-09' ? require('ajv/dist/2019.js').Ajv2019 : require('ajv').Ajv;
  const ajv = new AjvClass(options);
  if (dialect === 'draft-07') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  (require('ajv-formats') as (a: Ajv) => void)(ajv);
  // Generated code names ajv-formats' own checks; scripts/generate-validators.ts puts the quick ones in their place.
  if (!code) for (const [name, check] of Object.entries(quickUriFormats(require('ajv-formats/dist/formats').fullFormats))) ajv.addFormat(name, check);
  return ajv;
}
