import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { generatedValidators, PRECOMPILED } from '../../scripts/generate-validators.ts';
import { validatorFor } from '../../src/schema-validation.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

for (const [path, code] of generatedValidators()) {
  test(`${path} matches the schemas (else run \`npm run generate\`)`, () => {
    const committed = readFileSync(join(REPO_ROOT, path), 'utf8');
    assert.ok(committed === code, `${path} is stale: run \`npm run generate\` and commit the result`);
  });
}

// The precompiled validators must answer exactly as ajv compiling the schema at run time would.
const require = createRequire(import.meta.url);
const { Ajv2020 } = require('ajv/dist/2020.js');
const addFormats = require('ajv-formats');

const samples: Record<string, unknown[]> = {
  'config.schema.json': [
    { versioning: 'fixed', contracts: [{ name: 'api', format: 'openapi', path: 'api.yaml' }] },
    { contracts: [{ name: 'api', format: 'openapi', path: 'a.yaml', compatibility: 'full' }] },
    { contracts: [{ name: 'bad name!', format: 'openapi', path: 'a.yaml' }], extra: 1 },
    { changelog: 3 },
  ],
  'versions.schema.json': [{ versioning: 'independent', contracts: { api: '1.0.0' } }, { contracts: { api: 'one' } }],
  'changeset.schema.json': [{}, { bumps: 'x' }],
  'pre.schema.json': [{}, { mode: 'pre', tag: 'beta' }],
  'classify-rule.schema.json': [{ id: 'x' }, {}],
  'lint-rule.schema.json': [{ id: 'x' }, {}],
  'version-journal.schema.json': [
    { journal: 1, ops: [{ op: 'write', path: 'CHANGELOG.md', content: '# x' }, { op: 'versions', state: {} }, { op: 'delete', path: '.specver/changesets/a.md' }] },
    { journal: 2, ops: [{ op: 'write', path: '', content: 1 }, { op: 'move' }] },
    { ops: 'x' },
  ],
  'waivers.schema.json': [
    { waivers: [{ rule: 'operation-removed', contract: 'api', location: 'DELETE /pets/*', reason: 'r', expires: '2026-12-31' }] },
    { waivers: [{ rule: '', contract: 'api', location: '/x', reason: 'r', expires: 'tomorrow', extra: 1 }] },
    { waiver: [] },
  ],
  'lint-baseline.schema.json': [
    { findings: [{ rule: 'operation-operationid', contract: 'api', file: 'api.yaml', pointer: '/paths/~1pets/get', count: 2 }] },
    { findings: [{ rule: '', contract: 'api', file: 'api.yaml', pointer: '', count: 0, line: 3 }] },
    { finding: [] },
  ],
};

for (const file of Object.keys(PRECOMPILED as Record<string, string>)) {
  test(`precompiled ${file} agrees with a runtime compile`, () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats(ajv);
    const runtime = ajv.compile(JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', file), 'utf8')));
    const fast = validatorFor(file);
    assert.ok(samples[file], `add samples for ${file}`);
    for (const sample of samples[file]!) {
      assert.is(fast(sample), runtime(sample), JSON.stringify(sample));
      assert.equal(fast.errors ?? null, runtime.errors ?? null, JSON.stringify(sample));
    }
  });
}

test.run();
