/** The scopesDeclared function: scopes of OAuth2 requirements against the scheme's declared scopes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintDocumentFromText } from '../../src/lint/document.ts';
import { FUNCTIONS } from '../../src/lint/functions/index.ts';
import { parseLintRule } from '../../src/lint/load-lint-rules.ts';
import { runLint } from '../../src/lint/run-lint.ts';

const OPENAPI_3 = `openapi: 3.0.3
info: {title: Pets, version: '1'}
paths: {}
components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        implicit: {authorizationUrl: 'https://a.dev/auth', scopes: {read: r}}
        password: {tokenUrl: 'https://a.dev/token', scopes: {write: w}}
    oidc: {type: openIdConnect, openIdConnectUrl: 'https://a.dev/.well-known/openid-configuration'}
    key: {type: apiKey, name: k, in: header}
    broken: {type: oauth2}
`;

const SWAGGER_2 = `swagger: '2.0'
info: {title: Pets, version: '1'}
paths: {}
securityDefinitions:
  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://a.dev/auth', scopes: {read: r}}
`;

function judge(text: string, requirement: unknown) {
  const doc = lintDocumentFromText(text, 'spec.yaml');
  return FUNCTIONS.scopesDeclared.run!(requirement, {}, { pointer: '/security/0', value: requirement, match: { pointer: '/security/0', value: requirement, key: 0 } }, { doc });
}

test('reports each undeclared scope of an OAuth2 scheme, at the scope, with the scheme', () => {
  assert.equal(judge(OPENAPI_3, { oauth: ['read', 'delete', 'write', 'admin'] }), [
    { at: ['oauth', 1], values: { value: 'delete', scheme: 'oauth' } },
    { at: ['oauth', 3], values: { value: 'admin', scheme: 'oauth' } },
  ]);
  // A scheme without flows declares no scope.
  assert.equal(judge(OPENAPI_3, { broken: ['read'] }), [{ at: ['broken', 0], values: { value: 'read', scheme: 'broken' } }]);
});

test('Swagger 2.0 scopes are the scheme’s own', () => {
  assert.equal(judge(SWAGGER_2, { oauth: ['read'] }), []);
  assert.equal(judge(SWAGGER_2, { oauth: ['write'] }), [{ at: ['oauth', 0], values: { value: 'write', scheme: 'oauth' } }]);
});

test('declared scopes, other scheme types, undefined schemes and malformed requirements are not reported', () => {
  assert.equal(judge(OPENAPI_3, { oauth: ['read', 'write'], oidc: ['profile'], key: ['admin'], missing: ['x'] }), []);
  assert.equal(judge(OPENAPI_3, { oauth: 'read' }), []);
  assert.equal(judge(OPENAPI_3, ['oauth']), []);
  assert.equal(judge('openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n', { oauth: ['read'] }), []);
});

test('a rule with scopesDeclared reports where the scope is written', async () => {
  const rule = parseLintRule(JSON.stringify({ id: 'acme-scopes', description: 'd', message: "{{value}} of {{scheme}}", severity: 'error', given: '#securityRequirements', then: { function: 'scopesDeclared' } }), 'acme-scopes.json');
  const doc = lintDocumentFromText(`${OPENAPI_3}security:\n  - oauth: [read, nope]\n`, 'spec.yaml');
  assert.equal((await runLint(doc, [rule])).map((v) => `${v.pointer} ${v.message}`), ['/security/0/oauth/1 nope of oauth']);
});

test('options are refused: the function takes none', () => {
  assert.throws(
    () => parseLintRule(JSON.stringify({ id: 'acme-scopes', description: 'd', message: 'm', severity: 'error', given: '#securityRequirements', then: { function: 'scopesDeclared', functionOptions: { strict: true } } }), 'acme-scopes.json'),
    (error: Error) => error.message === "acme-scopes.json: invalid functionOptions for scopesDeclared: scopesDeclared unknown option 'strict'",
  );
});

test.run();
