/**
 * Bad input, table-driven: every case sets up a hostile or broken project, runs one command, and checks
 * the exit code, a one-line error naming the file (and line), no stack trace, and that nothing the
 * command was not asked to write changed. Large and deep inputs are generated here, never stored.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { BASE_CONFIG, BASE_SPEC, CHANGESET, PERMISSIONS_ENFORCED, baseProject, lock, runBadCase, unlockAll, writeBytes, type BadCase } from '../helpers/bad-input.ts';
import { FIXTURES } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';
import { PERMISSION_CASES } from './helpers/permission-cases.ts';
import { runChild } from '../helpers/child.ts';
import { stageReadableBundle, unreadableBy } from './helpers/readable-stage.ts';

const bad = (name: string) => readFileSync(join(FIXTURES, 'bad', name), 'utf8');
const SPEC = 'api/pets.yaml';
const JSON_SPEC_CONFIG = BASE_CONFIG.replace('api/pets.yaml', 'api/pets.json');
/** The spec replaced by a JSON file (config and snapshot follow). */
const asJson = (text: string) => ({ 'specver.yaml': JSON_SPEC_CONFIG, 'api/pets.json': text });
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) (out.set(part, at), (at += part.length));
  return out;
};

const cases: BadCase[] = [];
const add = (...more: BadCase[]) => cases.push(...more);

// --- Malformed YAML in a spec: each parser error kind, located by file and line.
for (const [fixture, line, what] of [
  ['yaml-bad-indent.yaml', 4, /invalid YAML/],
  ['yaml-unclosed-flow.yaml', 3, /invalid YAML/],
  ['yaml-duplicate-key.yaml', 4, /invalid YAML: duplicate key/],
  ['yaml-tab-indent.yaml', 3, /invalid YAML/],
  ['yaml-undefined-alias.yaml', 2, /invalid YAML/],
  ['yaml-bad-escape.yaml', 3, /invalid YAML/],
  ['yaml-unclosed-quote.yaml', 4, /invalid YAML/],
  ['yaml-two-documents.yaml', 4, /invalid YAML/],
  ['yaml-unknown-tag.yaml', 3, /invalid YAML/],
] as const) {
  add({ name: `spec: ${fixture}`, files: { [SPEC]: bad(fixture) }, argv: ['diff'], exit: 2, error: new RegExp(`api/pets\\.yaml:${line}: ${what.source}`) });
}

// --- Malformed JSON in a spec: each JSON.parse error kind.
for (const [fixture, line] of [
  ['json-trailing-comma.json', 5],
  ['json-truncated.json', 5],
  ['json-unquoted-key.json', 3],
  ['json-single-quotes.json', 2],
  ['json-bad-escape.json', 3],
  ['json-control-char.json', 3],
  ['json-trailing-garbage.json', 6],
  ['json-leading-zero.json', 5],
] as const) {
  add({
    name: `spec: ${fixture}`,
    files: { ...asJson(bad(fixture)), '.specver/snapshots/pets@1.0.0.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} }) },
    setup: (p) => rmSync(p.path('.specver/snapshots/pets@1.0.0.yaml')),
    argv: ['diff'],
    exit: 2,
    error: new RegExp(`api/pets\\.json:${line}: invalid JSON`),
  });
}

// --- Empty and non-spec documents.
add(
  { name: 'spec: empty file', files: { [SPEC]: '' }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml is empty/ },
  { name: 'spec: whitespace and comments only', files: { [SPEC]: '\n# nothing here\n   \n' }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml is empty/ },
  { name: 'spec: top level is a list', files: { [SPEC]: '- openapi\n- 3.0.3\n' }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml.*a list/ },
  { name: 'spec: top level is a scalar', files: { [SPEC]: 'just text\n' }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml.*not a spec document/ },
  { name: 'spec: empty snapshot', files: { '.specver/snapshots/pets@1.0.0.yaml': '' }, argv: ['diff'], exit: 2, error: /\.specver\/snapshots\/pets@1\.0\.0\.yaml is empty/ },
);

// --- The wrong format, unsupported versions.
add(
  { name: 'JSON Schema where OpenAPI is configured', files: { [SPEC]: bad('json-schema.json') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml is JSON Schema 2020-12, but its contract is configured as OpenAPI/ },
  {
    name: 'OpenAPI where JSON Schema is configured',
    files: { 'specver.yaml': BASE_CONFIG.replace('format: openapi', 'format: json-schema') },
    argv: ['diff'],
    exit: 2,
    error: /api\/pets\.yaml is OpenAPI 3\.0, but its contract is configured as JSON Schema/,
  },
  { name: 'OpenAPI 1.2 (swaggerVersion)', files: asJson(bad('openapi-1.2.json')), argv: ['diff'], exit: 2, error: /api\/pets\.json: unsupported Swagger version 1\.2/ },
  { name: 'OpenAPI 4.0.0', files: { [SPEC]: bad('openapi-4.yaml') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml: unsupported OpenAPI version 4\.0\.0/ },
  { name: 'swagger: "3.0"', files: { [SPEC]: bad('swagger-3.yaml') }, argv: ['breaking'], exit: 2, error: /api\/pets\.yaml: unsupported Swagger version 3\.0/ },
);

// --- Missing and unreadable files.
add(
  { name: 'missing spec file', setup: (p) => rmSync(p.path(SPEC)), argv: ['diff'], exit: 2, error: /spec file not found: api\/pets\.yaml/ },
  { name: 'spec path is a directory', setup: (p) => (rmSync(p.path(SPEC)), p.write(`${SPEC}/x`, '')), argv: ['diff'], exit: 2, error: /api\/pets\.yaml is a directory/ },
  { name: 'no specver.yaml at all', setup: (p) => rmSync(p.path('specver.yaml')), argv: ['diff'], exit: 2, error: /no specver\.yaml found/ },
  { name: '-c names a missing file', argv: ['-c', 'nowhere/specver.yaml', 'status'], exit: 2, error: /cannot read nowhere\/specver\.yaml/ },
);

// --- $refs: broken, escaping the root, remote, circular.
const refSpec = (ref: string) => BASE_SPEC.replace('"#/components/schemas/Pet"', JSON.stringify(ref));
add(
  { name: '$ref to a missing pointer', files: { [SPEC]: refSpec('#/components/schemas/Nope') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:17: \$ref '#\/components\/schemas\/Nope' is broken/ },
  { name: '$ref to a missing file', files: { [SPEC]: refSpec('./schemas/pet.yaml') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:17: \$ref '\.\/schemas\/pet\.yaml' cannot be read: file not found/ },
  { name: '$ref with an invalid pointer', files: { [SPEC]: refSpec('#components') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:17: \$ref '#components' is broken/ },
  { name: '$ref escaping the root (../..)', files: { [SPEC]: refSpec('../../../../etc/passwd') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:17: \$ref '\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd' points outside the project root/ },
  { name: '$ref to an absolute path', files: { [SPEC]: refSpec('/etc/passwd') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:17: \$ref '\/etc\/passwd' points outside the project root/ },
  { name: '$ref to a file: URL outside', files: { [SPEC]: refSpec('file:///etc/hostname') }, argv: ['diff'], exit: 2, error: /points outside the project root/ },
  { name: '$ref escaping through a referenced file', files: { [SPEC]: refSpec('./schemas/pet.yaml'), 'api/schemas/pet.yaml': '$ref: "../../../outside.yaml"\n' }, argv: ['diff'], exit: 2, error: /api\/schemas\/pet\.yaml:1: \$ref .* points outside the project root/ },
  { name: '$ref chain that never reaches a value', files: { [SPEC]: refSpec('#/components/schemas/A') + '    A: { $ref: "#/components/schemas/B" }\n    B: { $ref: "#/components/schemas/A" }\n' }, argv: ['diff'], exit: 2, error: /\$ref .* is broken: the reference chain is circular/ },
  { name: 'http(s) $refs load without the network', files: { [SPEC]: bad('http-ref.yaml') }, argv: ['diff'], exit: 0, maxCpuMs: 10_000 },
  { name: 'circular $refs work', files: { [SPEC]: bad('circular.yaml'), '.specver/snapshots/pets@1.0.0.yaml': bad('circular.yaml') }, argv: ['breaking'], exit: 0, maxCpuMs: 10_000 },
);

// --- Hostile sizes and shapes (generated).
add(
  { name: 'YAML alias bomb', files: { [SPEC]: bad('alias-bomb.yaml') }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml: YAML aliases expand to too many nodes/, maxCpuMs: 10_000 },
  {
    name: 'JSON nested 100k levels',
    files: asJson(`{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x-deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    argv: ['diff'],
    exit: 2,
    error: /api\/pets\.json: nesting deeper than 1000 levels/,
    maxCpuMs: 20_000,
  },
  {
    name: 'YAML nested 100k levels',
    files: { [SPEC]: `openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\nx-deep: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n` },
    argv: ['diff'],
    exit: 2,
    error: /api\/pets\.yaml:4: nesting deeper than 1000 levels/,
    maxCpuMs: 20_000,
  },
  {
    name: 'schema nested 100k levels (objects, not arrays)',
    files: asJson(`{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"components":{"schemas":{"Deep":${'{"items":'.repeat(100_000)}{}${'}'.repeat(100_000)}}}}`),
    argv: ['diff'],
    exit: 2,
    error: /api\/pets\.json: nesting deeper than 1000 levels/,
    maxCpuMs: 20_000,
  },
);

// --- Prototype keys, encodings, line endings.
add(
  { name: '__proto__ / constructor keys in a spec', files: { [SPEC]: bad('proto-keys.yaml') }, argv: ['diff'], exit: 0, writes: [], check: () => assert.is(({} as Record<string, unknown>).polluted, undefined) },
  { name: '__proto__ / constructor keys in both sides', files: { [SPEC]: bad('proto-keys.yaml'), '.specver/snapshots/pets@1.0.0.yaml': bad('proto-keys.yaml').replace('type: integer', 'type: string') }, argv: ['breaking'], exit: 1, check: (r) => assert.match(r.stdout, /constructor/) },
  { name: '__proto__ key in specver.yaml', files: { 'specver.yaml': `${BASE_CONFIG}__proto__: { polluted: true }\n` }, argv: ['status'], exit: 2, error: /specver\.yaml:7: unknown field '__proto__'/ },
  { name: 'constructor key in rules.severity', files: { 'specver.yaml': `${BASE_CONFIG}rules:\n  severity:\n    constructor: breaking\n` }, argv: ['diff'], exit: 2, error: /constructor/ },
  { name: 'invalid UTF-8 in a spec', files: { [SPEC]: concat(utf8(BASE_SPEC.split('Pets')[0]!), new Uint8Array([0x50, 0xff, 0xfe, 0xc3]), utf8(BASE_SPEC.split('Pets')[1]!)) }, argv: ['diff'], exit: 0 },
  { name: 'UTF-8 BOM in a JSON spec', files: asJson(`\uFEFF${JSON.stringify({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} })}`), setup: (p) => p.write('.specver/snapshots/pets@1.0.0.json', '{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{}}'), argv: ['breaking'], exit: 0 },
  { name: 'UTF-8 BOM in specver.yaml', files: { 'specver.yaml': `\uFEFF${BASE_CONFIG}` }, argv: ['diff'], exit: 0 },
  { name: 'CRLF line endings in a spec', files: { [SPEC]: BASE_SPEC.replace(/\n/g, '\r\n') }, argv: ['breaking'], exit: 0, check: (r) => assert.match(r.stdout, /No breaking changes/) },
  { name: 'CRLF line endings in specver.yaml', files: { 'specver.yaml': BASE_CONFIG.replace(/\n/g, '\r\n') }, argv: ['diff'], exit: 0 },
  { name: 'invalid UTF-8 in specver.yaml', files: { 'specver.yaml': concat(utf8(BASE_CONFIG), utf8('x-note: "'), new Uint8Array([0xc3, 0x28]), utf8('"\n')) }, argv: ['diff'], exit: 2, error: /specver\.yaml:\d+: unknown field 'x-note'/ },
);

// --- specver.yaml: malformed and hand-mangled.
add(
  { name: 'config: bad indentation', files: { 'specver.yaml': 'versioning: independent\ncontracts:\n  - name: pets\n     format: openapi\n' }, argv: ['diff'], exit: 2, error: /specver\.yaml:[34]: invalid YAML/ },
  { name: 'config: unclosed flow sequence', files: { 'specver.yaml': 'contracts: [\n' }, argv: ['diff'], exit: 2, error: /specver\.yaml:\d+: invalid YAML/ },
  { name: 'config: duplicate key', files: { 'specver.yaml': `${BASE_CONFIG}versioning: fixed\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:7: invalid YAML/ },
  { name: 'config: undefined alias', files: { 'specver.yaml': 'contracts: *nothing\n' }, argv: ['diff'], exit: 2, error: /specver\.yaml:1: invalid YAML/ },
  { name: 'config: alias bomb', files: { 'specver.yaml': `${bad('alias-bomb.yaml').split('openapi')[0]}contracts: []\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:\d+: (invalid YAML|unknown field)/, maxCpuMs: 10_000 },
  { name: 'config: a list at the top', files: { 'specver.yaml': '- pets\n' }, argv: ['diff'], exit: 2, error: /specver\.yaml:1: the configuration must be a mapping/ },
  { name: 'config: the same file twice', files: { 'specver.yaml': BASE_CONFIG.replace('changelog:', '  - name: pets-again\n    format: openapi\n    path: ./api//pets.yaml\nchangelog:') }, argv: ['diff'], exit: 2, error: /specver\.yaml:8: contract 'pets-again': api\/pets\.yaml is already tracked by contracts\[0\]/ },
  { name: 'config: the same name twice', files: { 'specver.yaml': BASE_CONFIG.replace('changelog:', '  - name: pets\n    format: openapi\n    path: api/other.yaml\nchangelog:') }, argv: ['diff'], exit: 2, error: /specver\.yaml:6: duplicate contract name 'pets'/ },
  { name: 'config: contract name with ../', files: { 'specver.yaml': BASE_CONFIG.replace('name: pets', 'name: ../evil') }, argv: ['diff'], exit: 2, error: /specver\.yaml:3: invalid contract name "\.\.\/evil"/ },
  { name: 'config: contract name with NUL', files: { 'specver.yaml': BASE_CONFIG.replace('name: pets', 'name: "pe\\0ts"') }, argv: ['diff'], exit: 2, error: /specver\.yaml:3: invalid contract name/ },
  { name: 'config: spec path outside the root', files: { 'specver.yaml': BASE_CONFIG.replace('path: api/pets.yaml', 'path: ../../etc/passwd') }, argv: ['diff'], exit: 2, error: /specver\.yaml:5: contract 'pets': path \.\.\/\.\.\/etc\/passwd is outside the project root/ },
  { name: 'config: rules.files outside the root', files: { 'specver.yaml': `${BASE_CONFIG}rules:\n  files: [../../../../etc/passwd]\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:8: rules\.files\[0\]: \.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd is outside the project root/ },
  { name: 'config: lint.files absolute outside the root', files: { 'specver.yaml': `${BASE_CONFIG}lint:\n  files: [/etc/passwd]\n` }, argv: ['breaking'], exit: 2, error: /specver\.yaml:8: lint\.files\[0\]: \/etc\/passwd is outside the project root/ },
  { name: 'config: rules.files names a missing file', files: { 'specver.yaml': `${BASE_CONFIG}rules:\n  files:\n    - rules/acme.json\n` }, argv: ['diff'], exit: 2, error: /^specver: specver\.yaml:9: rules\.files\[0\]: rule file rules\/acme\.json does not exist$/ },
  { name: 'config: lint.files names a missing file', files: { 'specver.yaml': `${BASE_CONFIG}lint:\n  files: [rules/acme-lint.json]\n` }, argv: ['lint'], exit: 2, error: /^specver: specver\.yaml:8: lint\.files\[0\]: rule file rules\/acme-lint\.json does not exist$/ },
  { name: 'rule file: invalid JSON, at its line and column', files: { 'specver.yaml': `${BASE_CONFIG}rules:\n  files: [rules/acme.json]\n`, 'rules/acme.json': '{\n  "id": "acme/x",\n  "severity": }\n' }, argv: ['diff'], exit: 3, error: /^specver: rules\/acme\.json:3:15: invalid JSON: / },
  { name: 'lint rule file: invalid JSON, at its line and column', files: { 'specver.yaml': `${BASE_CONFIG}lint:\n  files: [rules/acme-lint.json]\n`, 'rules/acme-lint.json': '{\n  "id": "acme/acme-lint"\n  "severity": "warn"\n}\n' }, argv: ['lint'], exit: 3, error: /^specver: rules\/acme-lint\.json:3:3: lint rule file is not valid JSON: / },
  { name: 'config: unknown format', files: { 'specver.yaml': BASE_CONFIG.replace('format: openapi', 'format: graphql') }, argv: ['diff'], exit: 2, error: /specver\.yaml:4: .*"graphql" is not one of/ },
);

// --- Contract names on the command line: unknown, path-like, NUL.
for (const argv of [
  ['diff', 'ghost'],
  ['diff', '--contract', '../../etc/passwd'],
  ['breaking', 'ghost'],
  ['breaking', '--contract', 'pe\0ts'],
  ['changeset', '--no-interactive', '--contract', 'ghost', '-m', 'x'],
  ['contract', 'remove', '../pets'],
  ['lint', 'ghost'],
]) {
  add({ name: `unknown contract: ${argv.join(' ').replace('\0', '\\0')}`, argv, exit: 2, error: /(unknown|no) contract/ });
}
add({ name: 'diff --base of a version with no snapshot', argv: ['diff', '--base', '9.9.9'], exit: 2, error: /no snapshot of pets@9\.9\.9: that version was never released/ });
add({ name: 'contract add with a ../ name', files: { 'api/other.yaml': BASE_SPEC }, argv: ['contract', 'add', 'api/other.yaml', '--name', '../evil'], exit: 2, error: /invalid contract name/ });

// --- Changesets: malformed and hand-mangled. version consumes them, status reads them.
for (const [fixture, line, what] of [
  ['changeset-no-frontmatter.md', 1, /does not start with a --- frontmatter line/],
  ['changeset-unclosed.md', 1, /frontmatter is not closed/],
  ['changeset-bad-yaml.md', 2, /frontmatter is not valid YAML/],
  ['changeset-unknown-bump.md', 2, /unknown bump "huge" for contract 'pets'/],
  ['changeset-unknown-contract.md', 3, /unknown contract 'ghost'/],
  ['changeset-list.md', 2, /must map contract names to bumps/],
  ['changeset-proto.md', 2, /unknown changeset option '__proto__'/],
  ['changeset-duplicate.md', 3, /not valid YAML/],
  ['changeset-nested.md', 2, /unknown bump/],
] as const) {
  const file = `.specver/changesets/brave-lion-${fixture.replace(/^changeset-|\.md$/g, '')}.md`;
  add({ name: `version: ${fixture}`, files: { [file]: bad(fixture), '.specver/changesets/calm-otter-sing.md': CHANGESET }, argv: ['version'], exit: 2, error: new RegExp(`${file.replace(/\./g, '\\.')}:${line}: .*${what.source}`) });
}
add(
  { name: 'version: empty changeset file', files: { '.specver/changesets/a-b-c.md': '' }, argv: ['version'], exit: 2, error: /\.specver\/changesets\/a-b-c\.md:1: changeset does not start/ },
  { name: 'version: binary changeset file', files: { '.specver/changesets/a-b-c.md': new Uint8Array([0, 1, 2, 0xff, 0xfe, 10, 45, 45, 45]) }, argv: ['version'], exit: 2, error: /\.specver\/changesets\/a-b-c\.md:1:/ },
  { name: 'status: malformed changeset', files: { '.specver/changesets/a-b-c.md': bad('changeset-unknown-bump.md') }, argv: ['status'], exit: 2, error: /\.specver\/changesets\/a-b-c\.md:2: unknown bump/ },
  { name: 'version: CRLF changeset works', files: { '.specver/changesets/a-b-c.md': CHANGESET.replace(/\n/g, '\r\n') }, argv: ['version', '--no-git'], exit: 0, writes: ['*'], check: (_, p) => assert.match(p.read('.specver/versions.json'), /"pets": "1\.1\.0"/) },
  { name: 'version: BOM changeset works', files: { '.specver/changesets/a-b-c.md': `\uFEFF${CHANGESET}` }, argv: ['version', '--no-git'], exit: 0, writes: ['*'], check: (_, p) => assert.match(p.read('.specver/versions.json'), /"pets": "1\.1\.0"/) },
  { name: 'version: no changesets', argv: ['version'], exit: 2, error: /no (pending )?changesets/i },
);

// --- State files edited into nonsense, snapshots deleted by hand.
const changeset = { '.specver/changesets/a-b-c.md': CHANGESET };
add(
  { name: 'versions.json: not JSON', files: { ...changeset, '.specver/versions.json': '{ "versioning": ' }, argv: ['version'], exit: 2, error: /\.specver\/versions\.json is not valid JSON/ },
  { name: 'versions.json: a list', files: { '.specver/versions.json': '[1, 2, 3]\n' }, argv: ['diff'], exit: 2, error: /\.specver\/versions\.json is not a valid specver state file/ },
  { name: 'versions.json: not a semver', files: { ...changeset, '.specver/versions.json': '{"versioning":"independent","contracts":{"pets":"one point oh"}}' }, argv: ['version'], exit: 2, error: /\.specver\/versions\.json is not a valid specver state file/ },
  { name: 'versions.json: empty', files: { '.specver/versions.json': '' }, argv: ['status'], exit: 2, error: /\.specver\/versions\.json/ },
  { name: 'versions.json: __proto__ contract', files: { '.specver/versions.json': '{"versioning":"independent","contracts":{"__proto__":"1.0.0"}}' }, argv: ['diff'], exit: 2, error: /\.specver\/versions\.json is not a valid specver state file/ },
  { name: 'versions.json: contract missing', files: { '.specver/versions.json': '{"versioning":"independent","contracts":{}}' }, argv: ['breaking'], exit: 2, error: /contract 'pets' has no version/ },
  { name: 'pre.json: not JSON', files: { ...changeset, '.specver/pre.json': 'pre: yes' }, argv: ['version'], exit: 2, error: /\.specver\/pre\.json is not valid JSON/ },
  { name: 'pre.json: unknown mode', files: { ...changeset, '.specver/pre.json': '{"mode":"sideways","tag":"beta","initialVersions":{},"changesets":[]}' }, argv: ['version'], exit: 2, error: /\.specver\/pre\.json is not a valid specver state file/ },
  { name: 'pre.json: nonsense for pre status', files: { '.specver/pre.json': '{"mode":"pre"}' }, argv: ['pre', 'status'], exit: 2, error: /\.specver\/pre\.json is not a valid specver state file/ },
  { name: 'snapshot deleted by hand: diff', setup: (p) => rmSync(p.path('.specver/snapshots/pets@1.0.0.yaml')), argv: ['diff'], exit: 2, error: /snapshot for pets@1\.0\.0 is missing: \.specver\/snapshots\/pets@1\.0\.0\.yaml/ },
  { name: 'snapshot deleted by hand: changeset', setup: (p) => rmSync(p.path('.specver/snapshots/pets@1.0.0.yaml')), argv: ['changeset', '--no-interactive'], exit: 2, error: /snapshot for pets@1\.0\.0 is missing/ },
  { name: 'version journal corrupted', files: { ...changeset, '.specver/version-journal.json': '{"journal": 7}' }, argv: ['version'], exit: 2, error: /version-journal\.json is not a valid version journal/ },
);

// --- YAML constructs in specs, specver.yaml and changesets: self-containing aliases, absurd nesting, tags,
//     merge keys, duplicate keys; numbers and versions beyond exact integers.
const DEEP = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const frontmatter = (body: string) => `---\n${body}---\n\nSummary\n`;
const BIG = '99999999999999999999.0.0';
add(
  { name: 'spec: alias inside its own anchor (sequence)', files: { [SPEC]: `${BASE_SPEC}x-loop: &a [*a]\n` }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:26: invalid YAML: alias \*a is inside its own anchor &a/ },
  { name: 'spec: alias inside its own anchor (mapping), lint', files: { [SPEC]: `${BASE_SPEC}x-loop: &a\n  self: *a\n` }, argv: ['lint'], exit: 1, check: (r) => assert.match(r.stdout, /\[error\] spec-parseable invalid YAML: alias \*a is inside its own anchor.* api\/pets\.yaml:27\n/) },
  { name: 'config: alias inside its own anchor', files: { 'specver.yaml': `${BASE_CONFIG}rules: &a\n  files: *a\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:8: invalid YAML: alias \*a is inside its own anchor/ },
  { name: 'changeset: alias inside its own anchor', files: { '.specver/changesets/a-b-c.md': frontmatter('"pets": &a [*a]\n') }, argv: ['status'], exit: 2, error: /a-b-c\.md:2: changeset frontmatter is not valid YAML: alias \*a is inside its own anchor/ },
  { name: 'config: nested 100k levels', files: { 'specver.yaml': `${BASE_CONFIG}x-deep: ${DEEP(100_000)}\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:7: nesting deeper than 1000 levels/, maxCpuMs: 20_000 },
  { name: 'config: nested 1001 levels', files: { 'specver.yaml': `${BASE_CONFIG}x-deep: ${DEEP(1001)}\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml(:7)?: nesting deeper than 1000 levels/ },
  { name: 'changeset: nested 100k levels', files: { '.specver/changesets/a-b-c.md': frontmatter(`"pets": ${DEEP(100_000)}\n`) }, argv: ['status'], exit: 2, error: /a-b-c\.md:2: nesting deeper than 1000 levels/, maxCpuMs: 20_000 },
  { name: 'spec: nested 1000 levels is read', files: { [SPEC]: `${BASE_SPEC}x-deep: ${DEEP(990)}\n` }, argv: ['diff'], exit: 0 },
  { name: 'spec: example nested 100k levels (JSON)', files: asJson(`{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"components":{"schemas":{"A":{"example":${DEEP(100_000)}}}}}`), argv: ['lint'], exit: 1, check: (r) => assert.match(r.stdout, /\[error\] spec-parseable nesting deeper than 1000 levels.* api\/pets\.json:\d+\n/), maxCpuMs: 20_000 },
  { name: 'spec: !!js/function tag', files: { [SPEC]: `${BASE_SPEC}x-f: !!js/function "function () { return 1 }"\n` }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:26: invalid YAML: unknown tag/ },
  { name: 'config: custom tag', files: { 'specver.yaml': `${BASE_CONFIG}git: !custom { commit: true }\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:7: invalid YAML: unknown tag/ },
  { name: 'changeset: !!js/undefined tag', files: { '.specver/changesets/a-b-c.md': frontmatter('"pets": !!js/undefined minor\n') }, argv: ['status'], exit: 2, error: /a-b-c\.md:2: changeset frontmatter is not valid YAML: unknown tag/ },
  { name: 'spec: merge keys are applied', files: { [SPEC]: `${BASE_SPEC}x-base: &b { a: 1 }\nx-merged: { <<: *b, c: 2 }\n` }, argv: ['diff', '--json'], exit: 0, check: (r) => assert.match(r.stdout, /x-merged/) },
  { name: 'spec: merge key with __proto__ pollutes nothing', files: { [SPEC]: `${BASE_SPEC}x-base: &b { __proto__: { polluted: 1 } }\nx-merged: { <<: *b }\n` }, argv: ['diff'], exit: 0, check: () => assert.is(({} as Record<string, unknown>).polluted, undefined) },
  { name: 'config: merge key is an unknown field (YAML 1.2)', files: { 'specver.yaml': `${BASE_CONFIG}git: { <<: { commit: true } }\n` }, argv: ['diff'], exit: 2, error: /specver\.yaml:7: .*'<<'/ },
  { name: 'changeset: duplicate contract key', files: { '.specver/changesets/a-b-c.md': frontmatter('"pets": minor\n"pets": major\n') }, argv: ['status'], exit: 2, error: /a-b-c\.md:3: changeset frontmatter is not valid YAML/ },
  { name: 'changeset: constructor key', files: { '.specver/changesets/a-b-c.md': frontmatter('"constructor": minor\n') }, argv: ['version'], exit: 2, error: /a-b-c\.md:2: .*unknown contract 'constructor'/, check: () => assert.is(({} as Record<string, unknown>).polluted, undefined) },
  { name: 'versions.json: version beyond safe integers', files: { ...changeset, '.specver/versions.json': `{"versioning":"independent","contracts":{"pets":"${BIG}"}}` }, argv: ['version'], exit: 2, error: /\.specver\/versions\.json: contract 'pets': version 99999999999999999999\.0\.0 has a number .* larger than 9007199254740991/ },
  { name: 'pre.json: initial version beyond safe integers', files: { ...changeset, '.specver/pre.json': `{"mode":"pre","tag":"beta","initialVersions":{"pets":"${BIG}"},"changesets":[]}` }, argv: ['version'], exit: 2, error: /\.specver\/pre\.json: contract 'pets': version .* larger than 9007199254740991/ },
  { name: 'version: a patch bump past safe integers is refused', files: { '.specver/changesets/a-b-c.md': CHANGESET.replace('minor', 'patch'), '.specver/versions.json': '{"versioning":"independent","contracts":{"pets":"1.0.9007199254740991"}}', '.specver/snapshots/pets@1.0.9007199254740991.yaml': BASE_SPEC }, argv: ['version', '--no-git'], exit: 2, error: /cannot bump 1\.0\.9007199254740991 \(patch\): the next version would have a number larger than 9007199254740991/ },
  { name: 'version: a pre-release number past safe integers is refused', files: { ...changeset, '.specver/versions.json': '{"versioning":"independent","contracts":{"pets":"1.1.0-beta.9007199254740991"}}', '.specver/snapshots/pets@1.1.0-beta.9007199254740991.yaml': BASE_SPEC, '.specver/pre.json': '{"mode":"pre","tag":"beta","initialVersions":{"pets":"1.0.0"},"changesets":[]}' }, argv: ['version', '--no-git'], exit: 2, error: /next pre-release number would be larger than 9007199254740991/ },
  { name: 'spec saved as UTF-16', files: { [SPEC]: concat(new Uint8Array([0xff, 0xfe]), new Uint8Array(Buffer.from(BASE_SPEC, 'utf16le'))) }, argv: ['diff'], exit: 2, error: /api\/pets\.yaml:1: the file contains NUL characters: it is not UTF-8 text/ },
  { name: 'specver.yaml saved as UTF-16', files: { 'specver.yaml': concat(new Uint8Array([0xff, 0xfe]), new Uint8Array(Buffer.from(BASE_CONFIG, 'utf16le'))) }, argv: ['diff'], exit: 2, error: /specver\.yaml:1: the file contains NUL characters/ },
  { name: '--base version beyond safe integers', argv: ['diff', '--base', BIG], exit: 2, error: /--base '99999999999999999999\.0\.0': version .* larger than 9007199254740991/ },
  { name: '--base name@version beyond safe integers', argv: ['breaking', '--base', `pets@1.0.${'9'.repeat(30)}`], exit: 2, error: /larger than 9007199254740991/ },
);

// --- --json mode: errors are one JSON document valid against schemas/output/error.schema.json.
add(
  {
    // A broken spec is one contract's error: the diff document carries it on that contract (the others go on).
    name: '--json: broken spec',
    files: { [SPEC]: bad('yaml-bad-indent.yaml') },
    argv: ['diff', '--json'],
    exit: 2,
    check: (r) => {
      const doc = r.json<{ contracts: { error?: { code: number; message: string } }[] }>();
      assertValidOutput('diff.schema.json', doc);
      assert.is(doc.contracts[0]?.error?.code, 2);
      assert.match(doc.contracts[0]?.error?.message ?? '', /^api\/pets\.yaml:4: invalid YAML/);
      assert.not.ok(doc.contracts[0]?.error?.message.includes('\n'));
    },
  },
  { name: '--json: unknown contract', argv: ['breaking', '--json', 'ghost'], exit: 2, error: /unknown contract 'ghost'/ },
  { name: '--json: malformed changeset', files: { '.specver/changesets/a-b-c.md': bad('changeset-unknown-bump.md') }, argv: ['version', '--json'], exit: 2, error: /a-b-c\.md:2: unknown bump/ },
  { name: '--json: nonsense versions.json', files: { '.specver/versions.json': '[]' }, argv: ['status', '--json'], exit: 2, error: /versions\.json/ },
  { name: '--format=json: bad config', files: { 'specver.yaml': '- x\n' }, argv: ['diff', '--format=json'], exit: 2, error: /specver\.yaml:1:/ },
  { name: '--json: unknown flag', argv: ['diff', '--json', '--frobnicate'], exit: 2, error: /unknown option/ },
);

// --- 50 MB spec: works or fails cleanly, in bounded time.
/**
 * The operations of a 50 MB spec, as pieces of bytes: 4,800 of them with long descriptions (the size is what is
 * tested here: reading, parsing, hashing, snapshots; the scaling in operations is bench/'s, up to 8,000
 * operations). Written piece by piece, never joined or encoded as one string: the generation is the test's, not
 * what it measures. Each operation is three pieces, the separating comma in the first.
 */
function fiftyMegabytePaths(): Buffer[] {
  const description = Buffer.from('x'.repeat(10_000));
  const after = Buffer.from('","responses":{"200":{"description":"ok"}}}}');
  const pieces: Buffer[] = [];
  for (let i = 0; (pieces.length / 3) * 10_100 < 50 * 1024 * 1024; i++) {
    pieces.push(Buffer.from(`${i === 0 ? '' : ','}"/p${i}":{"get":{"description":"`), description, after);
  }
  return pieces;
}
add({
  name: '50 MB spec file',
  setup: (p) => {
    const paths = fiftyMegabytePaths();
    const head = Buffer.from('{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{');
    const tail = Buffer.from('}}');
    p.write('specver.yaml', JSON_SPEC_CONFIG);
    writeBytes(p, 'api/pets.json', [head, ...paths, tail]);
    // The snapshot: the same spec without its last operation.
    writeBytes(p, '.specver/snapshots/pets@1.0.0.json', [head, ...paths.slice(0, -3), tail]);
    rmSync(p.path('.specver/snapshots/pets@1.0.0.yaml'));
  },
  argv: ['breaking', '--quiet'],
  exit: 0,
  maxCpuMs: 40_000,
  check: (r) => assert.match(r.stdout, /No breaking changes/),
});

if (PERMISSIONS_ENFORCED) add(...PERMISSION_CASES);

test(`at least 60 bad-input cases (${cases.length})`, () => {
  assert.ok(cases.length >= 60);
  assert.is(new Set(cases.map((c) => c.name)).size, cases.length, 'case names are unique');
});
for (const c of cases) {
  test(c.name, async () => {
    assert.is(await runBadCase(c), undefined);
  });
}

if (!PERMISSIONS_ENFORCED) {
  // Root reads a chmod 000 file anyway: run the permission cases as an unprivileged user instead.
  const setpriv = spawnSync('setpriv', ['--version']).status === 0;
  const NOBODY = 65534;
  // The checkout may be private (a clone under `mktemp -d`): the child runs a bundle every user can read.
  const staged = setpriv ? await stageReadableBundle('test/reliability/helpers/run-permission-cases.ts') : undefined;
  const stage = staged?.stage;
  const unreadable = stage ? unreadableBy(NOBODY, stage) : undefined;
  const name = `permission cases (${PERMISSION_CASES.length}) as an unprivileged user`;
  if (stage && unreadable) {
    process.stderr.write(`SKIP ${name}: ${unreadable}\n`);
    test.skip(name, () => undefined);
  } else if (stage) {
    test(name, async () => {
      const child = await runChild(
        'setpriv',
        [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, staged!.script],
        { cwd: stage, env: { ...process.env, HOME: tmpdir() } },
      );
      const report = JSON.parse(child.stdout.trim().split('\n').pop() || '{}') as { ran?: number; failures?: string[] };
      assert.is(report.ran, PERMISSION_CASES.length, `child did not run: ${child.stderr}`);
      assert.equal(report.failures, []);
    });
  } else {
    // Honest note, not a disguised pass: proves why the cases were left out.
    test(`NOTE: ${PERMISSION_CASES.length} permission cases not run (root, and no setpriv to drop privileges)`, () => {
      const p = baseProject();
      lock(p, SPEC);
      assert.is(readFileSync(p.path(SPEC), 'utf8'), BASE_SPEC, 'chmod 000 did not stop this process from reading');
      unlockAll(p);
      p.remove();
      console.log(`NOTE permission cases not run: ${PERMISSION_CASES.map((c) => c.name).join('; ')}`);
    });
  }
}

test.run();
