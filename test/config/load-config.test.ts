import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { CONTRACT_NAME_PATTERN } from '../../src/types.ts';
import { displayPath, findConfigFile, loadConfig, parseConfig, requireContracts } from '../../src/config/load-config.ts';
import { ConfigError } from '../../src/errors.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const VALID = `versioning: fixed
contracts:
  - name: petstore
    format: openapi
    path: ./api//petstore.yaml
  - name: order-event
    format: json-schema
    path: schemas/order-event.schema.json
rules:
  files: [specver-rules/acme.json]
  severity: { response-enum-value-added: non-breaking }
changelog: false
git: { commit: true }
refs:
  map:
    "https://schemas.example.com/": vendor/schemas
`;

function configError(text: string): ConfigError {
  try {
    parseConfig(text, '/project/specver.yaml', 'specver.yaml');
  } catch (error) {
    assert.instance(error, ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

test('a full config loads with defaults applied and paths normalised', () => {
  const config = parseConfig(VALID, '/project/specver.yaml');
  assert.is(config.root, '/project');
  assert.is(config.versioning, 'fixed');
  assert.equal(config.contracts, [
    { name: 'petstore', format: 'openapi', path: 'api/petstore.yaml' },
    { name: 'order-event', format: 'json-schema', path: 'schemas/order-event.schema.json', compatibility: 'backward' },
  ]);
  assert.equal(config.rules, { files: ['specver-rules/acme.json'], severity: { 'response-enum-value-added': 'non-breaking' } });
  assert.equal(config.lint, { files: [], severity: {} });
  assert.is(config.changelog, false);
  assert.equal(config.git, { commit: true, tag: false });
  assert.equal(config.refsMap, { 'https://schemas.example.com/': '/project/vendor/schemas' });
});

test('an empty config file means no contracts and every default', () => {
  const config = parseConfig('# nothing yet\n', '/p/specver.yaml');
  assert.equal(config.contracts, []);
  assert.is(config.versioning, 'independent');
  assert.is(config.changelog, 'CHANGELOG.md');
  assert.equal(config.git, { commit: false, tag: false });
  assert.equal(config.refsMap, {});
  assert.equal(config.lifecycle, { exemptBelow: 'stable', deprecationDays: { beta: 0, stable: 0 } });
});

test('lifecycle: threshold and deprecation periods, unset periods default to 0', () => {
  const config = parseConfig('lifecycle:\n  exemptBelow: beta\n  deprecationDays: { stable: 180 }\n', '/p/specver.yaml');
  assert.equal(config.lifecycle, { exemptBelow: 'beta', deprecationDays: { beta: 0, stable: 180 } });
});

const ERRORS: [string, string, number, RegExp][] = [
  ['bad YAML', 'versioning: independent\ncontracts: [\n', 3, /invalid YAML/],
  ['duplicate YAML key', 'versioning: fixed\nversioning: independent\n', 2, /invalid YAML: Map keys must be unique/],
  ['unresolved YAML alias', 'versioning: fixed\ncontracts: *nope\n', 2, /invalid YAML: Unresolved alias/],
  ['unknown top-level field', 'versioning: fixed\nchangelogs: x.md\n', 2, /unknown field 'changelogs'/],
  ['unknown contract field', 'contracts:\n  - name: a\n    format: openapi\n    path: a.yaml\n    compat: full\n', 5, /unknown field 'compat' in contracts\[0\]/],
  ['bad versioning', 'versioning: sometimes\n', 1, /versioning: "sometimes" is not one of independent, fixed/],
  ['bad format', 'contracts:\n  - name: a\n    format: raml\n    path: a.yaml\n', 3, /contracts\[0\]\.format: "raml" is not one of openapi, json-schema/],
  ['missing path', 'contracts:\n  - name: a\n    format: openapi\n', 2, /contracts\[0\]: missing required field 'path'/],
  ['name with a path', 'contracts:\n  - name: ../x\n    format: openapi\n    path: a.yaml\n', 2, /invalid contract name "\.\.\/x"/],
  ['name with a space', 'contracts:\n  - name: my api\n    format: openapi\n    path: a.yaml\n', 2, /invalid contract name "my api"/],
  ['name with NUL', 'contracts:\n  - name: "a\\0b"\n    format: openapi\n    path: a.yaml\n', 2, /invalid contract name/],
  ['duplicate names', 'contracts:\n  - {name: a, format: openapi, path: a.yaml}\n  - {name: a, format: openapi, path: b.yaml}\n', 3, /duplicate contract name 'a'/],
  ['same file twice', 'contracts:\n  - {name: a, format: openapi, path: api/a.yaml}\n  - {name: b, format: openapi, path: ./api/../api/a.yaml}\n', 3, /api\/a\.yaml is already tracked by contracts\[0\]/],
  ['path outside the root', 'contracts:\n  - name: a\n    format: openapi\n    path: ../elsewhere/a.yaml\n', 4, /outside the project root/],
  ['absolute path outside the root', 'contracts:\n  - name: a\n    format: openapi\n    path: /etc/passwd\n', 4, /outside the project root/],
  ['compatibility on openapi', 'contracts:\n  - name: a\n    format: openapi\n    path: a.yaml\n    compatibility: full\n', 5, /compatibility applies to json-schema contracts only/],
  ['bad compatibility', 'contracts:\n  - name: a\n    format: json-schema\n    path: a.json\n    compatibility: sideways\n', 5, /is not one of backward, forward, full, none/],
  ['bad rule severity', 'rules:\n  severity:\n    some-rule: critical\n', 3, /rules\.severity\.some-rule: "critical" is not one of/],
  ['bad changelog', 'changelog: 42\n', 1, /changelog must be a file path or false/],
  ['git is not a mapping', 'git: yes\n', 1, /git must be object/],
  ['refs.map key not a URL', 'refs:\n  map:\n    ftp://x/: vendor\n', 3, /refs\.map key "ftp:\/\/x\/" is not an http\(s\) URL prefix/],
  ['bad stability threshold', 'lifecycle:\n  exemptBelow: ga\n', 2, /lifecycle\.exemptBelow: "ga" is not one of draft, alpha, beta, stable/],
  ['negative deprecation period', 'lifecycle:\n  deprecationDays:\n    beta: -1\n', 3, /lifecycle\.deprecationDays\.beta/],
  ['not a mapping', '- a\n- b\n', 1, /must be a mapping/],
  ['contracts not a list', 'contracts: petstore\n', 1, /contracts must be array/],
];

for (const [what, text, line, message] of ERRORS) {
  test(`config error: ${what} -> specver.yaml:${line}`, () => {
    const error = configError(text);
    assert.is(error.exitCode, 2);
    assert.is(error.file, 'specver.yaml');
    assert.is(error.line, line, `line of: ${error.message}`);
    assert.match(error.message, message);
    assert.ok(error.hint && error.hint.length > 0, 'has a hint');
    assert.ok(error.located.startsWith(`specver.yaml:${line}: `), error.located);
  });
}

test('several violations: the first by line is reported with a count of the rest', () => {
  const error = configError('versioning: sometimes\nchangelogs: x\n');
  assert.is(error.line, 1);
  assert.match(error.message, /\(and 1 more problem\)/);
});

test('__proto__ keys are plain data: no prototype pollution, refused or kept harmlessly', () => {
  const error = configError('__proto__: { polluted: true }\n');
  assert.match(error.message, /unknown field '__proto__'/);
  const config = parseConfig('rules:\n  severity:\n    __proto__: off\n', '/p/specver.yaml');
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(Object.getPrototypeOf(config.rules.severity), Object.prototype);
  assert.equal(Object.entries(config.rules.severity), [['__proto__', 'off']]);
});

test('property: any text either loads or is a ConfigError at a line of the file (never a crash)', () => {
  const runs = Number(process.env.SPECVER_FUZZ_RUNS ?? 200);
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('name', 'format', 'path', 'compatibility', 'versioning', 'contracts', 'rules', 'severity', 'files', '__proto__', 'map', 'refs', 'git'), tie('node'), { maxKeys: 4 })),
  })).node;
  const text = fc.oneof(fc.string(), value.map((v) => stringify(v)), value.map((v) => stringify({ contracts: [v] })));
  fc.assert(
    fc.property(text, (source) => {
      try {
        const config = parseConfig(source, '/p/specver.yaml', 'specver.yaml');
        for (const contract of config.contracts) assert.ok(CONTRACT_NAME_PATTERN.test(contract.name));
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        const lines = source.split(/\r\n|\r|\n/).length;
        assert.ok(error.line !== undefined && error.line >= 1 && error.line <= lines + 1, `line ${error.line} of ${lines}: ${error.message}`);
        assert.is(error.file, 'specver.yaml');
      }
    }),
    { numRuns: runs },
  );
  assert.is(({} as Record<string, unknown>).name, undefined);
});

/** The outcome of parsing: the config, or the error's position and message. */
function outcome(source: string, precise: boolean): unknown {
  try {
    return parseConfig(source, '/p/specver.yaml', 'specver.yaml', { precise });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { line: error.line, message: error.message, hint: error.hint };
  }
}

test('property: the quick path (js-yaml) and the precise path (yaml Document) read every text alike', () => {
  const runs = Number(process.env.SPECVER_FUZZ_RUNS ?? 200);
  const contract = fc.record({
    name: fc.oneof(fc.constantFrom('api', 'api', 'orders.v1', 'bad name'), fc.string()),
    format: fc.constantFrom('openapi', 'json-schema', 'other'),
    path: fc.constantFrom('api.yaml', './api//x.yaml', '../outside.yaml', 'schemas/a.json'),
    compatibility: fc.option(fc.constantFrom('backward', 'full', 'sideways'), { nil: undefined }),
  }, { requiredKeys: ['name', 'format', 'path'] });
  const config = fc.record({
    versioning: fc.constantFrom('fixed', 'independent', 'yes', 1),
    contracts: fc.array(contract, { maxLength: 3 }),
    changelog: fc.oneof(fc.constant(false), fc.constant('CHANGELOG.md'), fc.integer()),
    rules: fc.record({ severity: fc.dictionary(fc.constantFrom('a-rule', '__proto__'), fc.constantFrom('off', 'breaking', 'loud')) }),
    git: fc.record({ commit: fc.boolean(), tag: fc.oneof(fc.boolean(), fc.constant('v')) }),
  }, { requiredKeys: [] });
  const text = fc.oneof(config.map((c) => stringify(c)), fc.constantFrom('', '# only a comment\n', 'contracts: [', 'a: 1\na: 2\n', 'changelog: 2024-01-01\n', 'versioning: !!str fixed\n'));
  fc.assert(
    fc.property(text, (source) => {
      assert.equal(outcome(source, false), outcome(source, true), source);
    }),
    { numRuns: runs },
  );
});

test('findConfigFile: cwd, then parents; -c wins', () => {
  const project = emptyProject();
  project.write('specver.yaml', 'contracts: []\n');
  project.write('api/v1/deep/keep.txt', '');
  assert.is(findConfigFile(project.path('api/v1/deep')), project.path('specver.yaml'));
  assert.is(findConfigFile(project.dir), project.path('specver.yaml'));
  project.write('other/custom.yaml', 'contracts: []\n');
  assert.is(findConfigFile(project.path('api'), '../other/custom.yaml'), project.path('other/custom.yaml'));
  assert.is(findConfigFile(project.dir, 'other'), join(project.path('other'), 'specver.yaml'));
});

test('loadConfig from a subdirectory resolves paths against the config directory', async () => {
  const project = emptyProject();
  project.write('specver.yaml', 'contracts:\n  - {name: a, format: openapi, path: api/a.yaml}\n');
  project.write('api/a.yaml', 'openapi: 3.0.0\n');
  const config = await loadConfig({ cwd: project.path('api') });
  assert.is(config.root, project.dir);
  assert.is(config.file, project.path('specver.yaml'));
  assert.is(config.contracts[0]!.path, 'api/a.yaml');
});

test('loadConfig with -c names the file in errors relative to cwd', async () => {
  const project = emptyProject();
  project.write('conf/specver.yaml', 'versioning: never\n');
  try {
    await loadConfig({ cwd: project.dir, configPath: 'conf/specver.yaml' });
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.ok((error as ConfigError).located.startsWith('conf/specver.yaml:1: '), (error as ConfigError).located);
  }
});

test('displayPath: relative to cwd unless the absolute path is shorter', () => {
  assert.is(displayPath('/home/me/api', '/home/me/api/conf/specver.yaml'), 'conf/specver.yaml');
  assert.is(displayPath('/home/me/projects/api', '/home/me/projects/team/specver.yaml'), '../team/specver.yaml');
  assert.is(displayPath('/run/user/build/worker-1/api', '/dev/urandom'), '/dev/urandom', 'not ../../../../../dev/urandom');
  assert.is(displayPath('/tmp/x', '/dev/null'), '/dev/null');
  assert.is(displayPath('/home/me/api', '/home/me/api'), '/home/me/api');
});

test('a missing config: ConfigError naming cwd with an init hint', async () => {
  const project = emptyProject();
  try {
    await loadConfig({ cwd: project.dir });
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).message, `no specver.yaml found in ${project.dir} or its parents`);
    assert.match((error as ConfigError).hint!, /specver init/);
  }
});

test('a discovered specver.yaml that is a symlink out of the project is refused; -c reads it wherever it leads', async () => {
  const project = emptyProject();
  const outside = emptyProject();
  outside.write('specver.yaml', 'contracts: []\n');
  symlinkSync(outside.path('specver.yaml'), project.path('specver.yaml'));
  try {
    await loadConfig({ cwd: project.dir });
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as ConfigError).message, /config file specver\.yaml leads outside the project root/);
  }
  const config = await loadConfig({ cwd: project.dir, configPath: outside.path('specver.yaml') });
  assert.equal(config.contracts, []);
});

test('a -c path that does not exist is a ConfigError', async () => {
  const project = emptyProject();
  try {
    await loadConfig({ cwd: project.dir, configPath: 'nope.yaml' });
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as ConfigError).message, /cannot read nope\.yaml: ENOENT/);
  }
});

test('requireContracts: all by default, named ones in config order, unknown names listed', () => {
  const config = parseConfig(VALID, '/project/specver.yaml');
  assert.equal(requireContracts(config, []).map((c) => c.name), ['petstore', 'order-event']);
  assert.equal(requireContracts(config, ['order-event', 'petstore']).map((c) => c.name), ['petstore', 'order-event']);
  assert.equal(requireContracts(config, ['order-event', 'order-event']).map((c) => c.name), ['order-event']);
  try {
    requireContracts(config, ['petstor', 'x']);
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).message, "unknown contracts 'petstor', 'x'");
    assert.is((error as ConfigError).hint, 'known contracts: petstore, order-event');
  }
});

test.run();
