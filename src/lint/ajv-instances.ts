/** One ajv instance per JSON Schema dialect, created on first use. */
import { Ajv, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };

export type AjvDialect = 'draft-07' | '2019-09' | '2020-12';

const instances = new Map<string, Ajv>();

/**
 * A new instance. `forData`: one that validates examples (lenient, first error only). Neither checks the
 * schemas it compiles against their meta-schema: the meta instance compiles only schemas shipped with specver
 * (checking them would compile the meta-schemas on every run), and a document's own schemas are judged by
 * the validity rule.
 */
export function createAjv(dialect: AjvDialect, forData = false): Ajv {
  const options: Options = { allErrors: !forData, strict: false, allowUnionTypes: true, logger: false, validateSchema: false, unicodeRegExp: false, ...(forData ? { code: { optimize: false }, inlineRefs: false } : {}) };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  if (dialect === 'draft-07') ajv.addMetaSchema(draft06);
  (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** The shared instance per dialect that checks documents against meta-schemas (compiled once per process). */
export function ajvFor(dialect: AjvDialect): Ajv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    ajv = createAjv(dialect);
    instances.set(dialect, ajv);
  }
  return ajv;
}
