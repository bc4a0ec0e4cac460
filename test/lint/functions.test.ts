/**
 * The registry functions one by one: each fires on a document that breaks it, stays quiet on one that keeps it,
 * and its options schema refuses bad options with one line naming the rule file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintDocumentFromText } from '../../src/lint/document.ts';
import { FUNCTIONS } from '../../src/lint/functions/index.ts';
import { parseLintRule } from '../../src/lint/load-lint-rules.ts';
import { lintText } from '../../src/lint/lint-contracts.ts';
import { runLint } from '../../src/lint/run-lint.ts';

function rule(given: string | string[], then: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return parseLintRule(JSON.stringify({ id: 'acme/probe', description: 'a probe', message: '{{error}}', severity: 'warn', given, then, ...extra }), 'rules/probe.json');
}

const findings = async (text: string, r: ReturnType<typeof rule>) => (await lintText(text, 'spec.yaml', [r], 'openapi')).map((v) => `${v.pointer} ${v.message}`);

const OPENAPI = (paths: string, extra = '') => `openapi: 3.0.3\ninfo: {title: t, version: '1'}\n${extra}paths:\n${paths}`;

/** Each function: a rule using it, a document it fires on (with the expected findings), one it stays quiet on. */
const CASES: { fn: string; rule: ReturnType<typeof rule>; fires: string; expect: string[]; quiet: string }[] = [
  {
    fn: 'unique',
    rule: rule('#operations', { field: 'operationId', function: 'unique' }),
    fires: OPENAPI('  /a: {get: {operationId: x, responses: {}}}\n  /b: {get: {operationId: x, responses: {}}}\n'),
    expect: ["/paths/~1b/get/operationId 'x' is already used by GET /a"],
    quiet: OPENAPI('  /a: {get: {operationId: x, responses: {}}}\n  /b: {get: {operationId: y, responses: {}}}\n'),
  },
  {
    fn: 'scopesDeclared',
    rule: rule('#securityRequirements', { function: 'scopesDeclared' }),
    fires: OPENAPI('  /a: {get: {security: [{oauth: [read, admin]}], responses: {}}}\n', 'components:\n  securitySchemes:\n    oauth: {type: oauth2, flows: {implicit: {authorizationUrl: "https://a.dev/auth", scopes: {read: r}}}}\n'),
    expect: ["/paths/~1a/get/security/0/oauth/1 scope 'admin' is not declared by security scheme 'oauth'"],
    quiet: OPENAPI('  /a: {get: {security: [{oauth: [read]}], responses: {}}}\n', 'components:\n  securitySchemes:\n    oauth: {type: oauth2, flows: {implicit: {authorizationUrl: "https://a.dev/auth", scopes: {read: r}}}}\n'),
  },
  {
    fn: 'serverVariables',
    rule: rule('#servers', { function: 'serverVariables' }),
    fires: OPENAPI('  {}\n', "servers:\n  - url: 'http://{host}:{port}'\n    variables:\n      host: {default: a, enum: [a, b]}\n      port: {default: '80', enum: ['80', 'eighty']}\n      unused: {default: x, enum: [y]}\n"),
    expect: [
      '/servers/0/url server URL http://a:eighty is not a valid URL with host=a, port=eighty',
      "/servers/0/variables/unused server variable 'unused' is not used in the URL",
      "/servers/0/variables/unused/default default 'x' of server variable 'unused' is not one of its enum values",
    ],
    quiet: OPENAPI('  {}\n', "servers:\n  - url: 'http://{host}:{port}/v1'\n    variables:\n      host: {default: a, enum: [a, b]}\n      port: {default: '80'}\n"),
  },
  {
    fn: 'singleBodyParameter',
    rule: rule('#operations', { function: 'singleBodyParameter' }),
    fires: "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    post:\n      parameters:\n        - {name: x, in: body, schema: {}}\n        - {name: y, in: body, schema: {}}\n        - {name: z, in: formData, type: string}\n      responses: {}\n",
    expect: [
      "/paths/~1a/post/parameters/0 body parameter 'x' cannot be combined with formData parameters",
      "/paths/~1a/post/parameters/1 body parameter 'y' is one body too many: an operation has one body",
    ],
    quiet: "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    post:\n      parameters:\n        - {name: x, in: body, schema: {}}\n        - {name: q, in: query, type: string}\n      responses: {}\n",
  },
  {
    fn: 'uniqueItems',
    rule: rule('#operations', { field: 'tags', function: 'uniqueItems' }),
    fires: OPENAPI('  /a: {get: {tags: [a, b, a], responses: {}}}\n'),
    expect: ['/paths/~1a/get/tags lists "a" more than once'],
    quiet: OPENAPI('  /a: {get: {tags: [a, b], responses: {}}}\n'),
  },
  {
    fn: 'definedIn',
    rule: rule('#operations', { field: 'tags', function: 'definedIn', functionOptions: { names: 'items', definedAt: ['$.tags[*].name'] } }),
    fires: OPENAPI('  /a: {get: {tags: [a, b], responses: {}}}\n', 'tags: [{name: a}]\n'),
    expect: ["/paths/~1a/get/tags/1 'b' is not defined"],
    quiet: OPENAPI('  /a: {get: {tags: [a], responses: {}}}\n', 'tags: [{name: a}]\n'),
  },
  {
    fn: 'referenced',
    rule: rule('#components', { function: 'referenced' }),
    fires: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: string}}}\n'),
    expect: ['/components/schemas/A /components/schemas/A is never referenced'],
    quiet: OPENAPI("  /a: {get: {responses: {'200': {description: ok, content: {a/b: {schema: {$ref: '#/components/schemas/A'}}}}}}}\n", 'components: {schemas: {A: {type: string}}}\n'),
  },
  {
    fn: 'valuesMatchType',
    rule: rule('#schemas', { function: 'valuesMatchType' }),
    fires: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: string, enum: [a, 1]}}}\n'),
    expect: ['/components/schemas/A/enum/1 enum value 1 is not of type string'],
    quiet: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: string, enum: [a, b]}}}\n'),
  },
  {
    fn: 'regexCompiles',
    rule: rule('#schemas', { field: 'pattern', function: 'regexCompiles' }),
    fires: OPENAPI('  /a: {get: {responses: {}}}\n', "components: {schemas: {A: {type: string, pattern: '(a+)+$'}}}\n"),
    expect: ['/components/schemas/A/pattern nests quantifiers (like `(a+)+`), which can backtrack catastrophically'],
    quiet: OPENAPI('  /a: {get: {responses: {}}}\n', "components: {schemas: {A: {type: string, pattern: '^a+$'}}}\n"),
  },
  {
    fn: 'requiredDefined',
    rule: rule('#schemas', { function: 'requiredDefined' }),
    fires: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: object, required: [b], properties: {a: {}}}}}\n'),
    expect: ["/components/schemas/A/required/0 required property 'b' is not defined in properties"],
    quiet: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: object, required: [a], properties: {a: {}}}}}\n'),
  },
  {
    fn: 'format',
    rule: rule('$.info', { field: 'x-released', function: 'format', functionOptions: { formats: ['date'] } }),
    fires: "openapi: 3.0.3\ninfo: {title: t, version: '1', x-released: 'soon'}\npaths: {}\n",
    expect: ['/info/x-released is not a valid date'],
    quiet: "openapi: 3.0.3\ninfo: {title: t, version: '1', x-released: '2026-01-31'}\npaths: {}\n",
  },
  {
    fn: 'pathParameters',
    rule: rule('$.paths', { function: 'pathParameters' }),
    fires: OPENAPI('  /a/{id}: {get: {responses: {}}}\n'),
    expect: ["/paths/~1a~1{id}/get path parameter 'id' of /a/{id} is not declared"],
    quiet: OPENAPI('  /a/{id}: {get: {parameters: [{name: id, in: path, required: true}], responses: {}}}\n'),
  },
  {
    fn: 'pathsDistinct',
    rule: rule('$.paths', { function: 'pathsDistinct', functionOptions: { mode: 'identical' } }),
    fires: OPENAPI('  /a/{x}: {}\n  /a/{y}: {}\n'),
    expect: ['/paths/~1a~1{y} /a/{y} is identical to /a/{x} up to parameter names'],
    quiet: OPENAPI('  /a/{x}: {}\n  /b/{y}: {}\n'),
  },
  {
    fn: 'keyWrittenAsString',
    rule: rule('#operations', { field: 'responses', function: 'keyWrittenAsString', functionOptions: { keys: '^\\d{3}$' } }),
    fires: OPENAPI('  /a:\n    get:\n      responses:\n        200: {description: ok}\n'),
    expect: ['/paths/~1a/get/responses/200 key 200 is a number; write it as a string'],
    quiet: OPENAPI("  /a:\n    get:\n      responses:\n        '200': {description: ok}\n"),
  },
  {
    fn: 'documentSchema',
    rule: rule('$', { function: 'documentSchema' }),
    fires: "openapi: 3.0.3\ninfo: {title: t}\npaths: {}\n",
    expect: ["/info /info missing required field 'version'"],
    quiet: OPENAPI("  /a: {get: {responses: {'200': {description: ok}}}}\n"),
  },
  {
    fn: 'examplesMatchSchema',
    rule: rule('$', { function: 'examplesMatchSchema' }),
    fires: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: integer, example: x}}}\n'),
    expect: ['/components/schemas/A/example example must be integer'],
    quiet: OPENAPI('  /a: {get: {responses: {}}}\n', 'components: {schemas: {A: {type: integer, example: 1}}}\n'),
  },
];

for (const c of CASES) {
  test(`${c.fn} fires`, async () => assert.equal(await findings(c.fires, c.rule), c.expect));
  test(`${c.fn} stays quiet`, async () => assert.equal(await findings(c.quiet, c.rule), []));
}

test('refsResolve reports the loading stage\'s problems; parseable never reports on a parsed document', async () => {
  const doc = { ...lintDocumentFromText(OPENAPI('  /a: {}\n'), 'spec.yaml'), refs: [{ ref: '#/nope', pointer: '/paths/~1a/$ref', problem: "$ref '#/nope' is broken" }, { ref: '#/ok', pointer: '/x/$ref' }] };
  assert.equal((await runLint(doc, [rule('$', { function: 'refsResolve' })])).map((v) => `${v.pointer} ${v.message}`), ["/paths/~1a/$ref $ref '#/nope' is broken"]);
  assert.equal(await runLint(doc, [rule('$', { function: 'parseable' })]), []);
});

test('definedIn: keys against an alias, template variables against a field of the match', async () => {
  const security = rule('#securityRequirements', { function: 'definedIn', functionOptions: { names: 'keys', definedAt: ['#securitySchemes'], definedAs: 'keys' } });
  const spec = OPENAPI('  /a: {get: {security: [{key: []}, {nope: []}], responses: {}}}\n', 'components: {securitySchemes: {key: {type: apiKey, name: k, in: header}}}\n');
  assert.equal(await findings(spec, security), ["/paths/~1a/get/security/1/nope 'nope' is not defined"]);
  const servers = rule('#servers', { field: 'url', function: 'definedIn', functionOptions: { names: 'template', definedBy: 'variables' } });
  const withServers = OPENAPI('  /a: {}\n', "servers: [{url: 'https://{region}.x.io/{v}', variables: {v: {default: '1'}}}]\n");
  assert.equal(await findings(withServers, servers), ["/servers/0/url 'region' is not defined"]);
});

test('uniqueItems with keys reports each repeat at the item, its fields as placeholders', async () => {
  const r = parseLintRule(
    JSON.stringify({ id: 'acme/params', description: 'd', message: '{{name}} in {{in}} twice', severity: 'warn', given: '#operations', then: { field: 'parameters', function: 'uniqueItems', functionOptions: { keys: ['name', 'in'] } } }),
    'rules/params.json',
  );
  const spec = OPENAPI('  /a: {get: {parameters: [{name: q, in: query}, {name: q, in: header}, {name: q, in: query}], responses: {}}}\n');
  assert.equal(await findings(spec, r), ['/paths/~1a/get/parameters/2 q in query twice']);
});

test('uniqueItems compares list items as JSON texts: 1 and "1" differ, equal objects and equal numbers repeat', async () => {
  const r = rule('#operations', { field: 'x-list', function: 'uniqueItems' });
  const spec = (list: string) => OPENAPI(`  /a: {get: {x-list: ${list}, responses: {}}}\n`);
  assert.equal(await findings(spec('[1, "1", true, "true", null, "null"]'), r), []);
  assert.equal(await findings(spec('[a, b, a]'), r), ['/paths/~1a/get/x-list lists "a" more than once']);
  assert.equal(await findings(spec('[1, 1.0, null, null]'), r), ['/paths/~1a/get/x-list lists 1, null more than once']);
  assert.equal(await findings(spec('[{k: 1}, a, {k: 1}]'), r), ['/paths/~1a/get/x-list lists {"k":1} more than once']);
});

test('schema: an object lacking a key of `if: {required}` holds, unless the schema has an else', async () => {
  const guarded = { if: { required: ['a', 'b'] }, then: { not: { required: ['c'] } } };
  const spec = (operation: string) => OPENAPI(`  /x: {get: {${operation}, responses: {}}}\n`);
  const ifThen = rule('#operations', { function: 'schema', functionOptions: { schema: guarded } });
  assert.equal(await findings(spec('a: 1, c: 1'), ifThen), []);
  assert.equal(await findings(spec('a: 1, b: 1, c: 1'), ifThen), ['/paths/~1x/get must NOT be valid']);
  const ifThenElse = rule('#operations', { function: 'schema', functionOptions: { schema: { ...guarded, else: { required: ['d'] } } } });
  assert.equal(await findings(spec('a: 1, c: 1'), ifThenElse), ["/paths/~1x/get must have required property 'd'"]);
});

const refused: [string, Record<string, unknown>, RegExp][] = [
  ['unique', { field: 'operationId', function: 'unique', functionOptions: { by: 'x' } }, /unknown option 'by'/],
  ['uniqueItems', { function: 'uniqueItems', functionOptions: { keys: [] } }, /uniqueItems \/keys must NOT have fewer than 1 items/],
  ['definedIn', { function: 'definedIn', functionOptions: { names: 'items' } }, /definedIn missing option 'definedAt'/],
  ['definedIn', { function: 'definedIn', functionOptions: { names: 'lines', definedBy: 'x' } }, /definedIn \/names must be equal to one of the allowed values/],
  ['format', { function: 'format', functionOptions: { formats: ['colour'] } }, /format \/formats\/0 must be equal to one of the allowed values/],
  ['pathsDistinct', { function: 'pathsDistinct' }, /missing option 'mode'/],
  ['keyWrittenAsString', { function: 'keyWrittenAsString', functionOptions: { keys: '(a+)+' } }, /keys '\(a\+\)\+' nests quantifiers/],
  ['regexCompiles', { function: 'regexCompiles', functionOptions: { in: 'values' } }, /regexCompiles \/in must be equal to one of the allowed values/],
  ['schema', { function: 'schema', functionOptions: { schema: { type: 'string' }, reportAt: 'a.b' } }, /schema \/reportAt must match pattern/],
  ['documentSchema', { function: 'documentSchema', functionOptions: { strict: true } }, /unknown option 'strict'/],
];

for (const [name, then, message] of refused) {
  test(`${name}: bad options are refused when the rule loads, in one line naming the rule file`, () => {
    try {
      rule('$', then);
      assert.unreachable('accepted');
    } catch (error) {
      const text = (error as Error).message;
      assert.match(text, /^rules\/probe\.json: invalid functionOptions for \w+: /);
      assert.match(text, message);
      assert.not.match(text, /\n/);
    }
  });
}

test("core functions keep accepting Spectral's options they do not apply; a message id no function reports is refused", () => {
  rule('$', { function: 'casing', functionOptions: { type: 'camel', separator: { char: '-' } } });
  rule('$', { function: 'schema', functionOptions: { schema: { type: 'object' }, dialect: 'draft7', allErrors: true } });
  assert.throws(() => rule('$', { function: 'truthy' }, { messages: { typo: 'x' } }), /^rules\/probe\.json: messages\.typo: no function of the rule reports it \(its message ids: missing\)$/);
});

test('every function has unit cases here', () => {
  const covered = new Set([...CASES.map((c) => c.fn), 'refsResolve', 'parseable', ...['truthy', 'falsy', 'defined', 'undefined', 'pattern', 'casing', 'length', 'enumeration', 'alphabetical', 'xor', 'schema']]);
  for (const name of Object.keys(FUNCTIONS)) assert.ok(covered.has(name), `${name} has no case`);
});

test.run();
