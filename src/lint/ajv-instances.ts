/** ajv instances per JSON Schema dialect, configured alike for run-time compiles and precompiled code. */
import { Ajv, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };

export type AjvDialect = 'draft-07' | '2019-09' | '2020-12';

/**
 * A new instance. `forData`: one that validates examples (lenient, first error only); otherwise the
 * instance whose code scripts/generate-validators.ts precompiles for the validity rule (all errors). Neither
 * checks the schemas it compiles against their meta-schema: the validity instance compiles only schemas
 * shipped with specver, and a document's own schemas are judged by the validity rule.
 */
export function createAjv(dialect: AjvDialect, forData = false, code?: { source: true; esm: true }): Ajv {
  const options: Options = { allErrors: !forData, strict: false, allowUnionTypes: true, logger: false, validateSchema: false, unicodeRegExp: false, ...(forData ? { code: { optimize: false }, inlineRefs: false } : {}) };
  // scripts/generate-validators.ts: the same instance, emitting standalone code.
  if (code) options.code = { ...options.code, ...code };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  if (dialect === 'draft-07') ajv.addMetaSchema(draft06);
  (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}
