/**
 * An OpenAPI 3.2 petstore over three versions (fixtures/openapi-3.2): v2 adds a QUERY operation with an
 * `in: querystring` parameter, a LINK operation under additionalOperations, an event stream with itemSchema,
 * a multipart/mixed upload with itemSchema and itemEncoding, tag and server documentation and an OAuth 2
 * device flow (minor); v3 removes LINK, requires a query string field and accepts only PNG upload parts
 * (major), deprecates the scheme and switches the stream to an array schema of the same items. Run in-process
 * through init, lint, diff, breaking, changeset and version; the built CLI's gate agrees.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const version = (n: number) => readFileSync(join(FIXTURES, 'openapi-3.2', `v${n}.yaml`), 'utf8');

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
}

test('init, lint, diff, breaking, changeset and version over a 3.2 series', async () => {
  const p = emptyProject('specver-oas32-');
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir });
  git(p.dir, 'init', '-q');
  p.write('api/petstore.yaml', version(1));

  let r = await cli('init', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('init.schema.json', r.json());
  assert.match(JSON.stringify(r.json()), 'OpenAPI 3.2');
  r = await cli('lint', '--format', 'json');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assertValidOutput('lint.schema.json', r.json());
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'init');

  // v2: only additions and documentation.
  p.write('api/petstore.yaml', version(2));
  r = await cli('lint');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  r = await cli('diff', '--format', 'json');
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('diff.schema.json', r.json());
  const findings = (r.json() as any).contracts[0].changes.map((f: any) => `${f.severity} ${f.rule} ${f.location}`).sort();
  assert.equal(findings, [
    'non-breaking operation-added /paths/~1pets/query',
    'non-breaking operation-added /paths/~1pets~1{petId}/additionalOperations/LINK',
    'non-breaking operation-added /paths/~1pets~1{petId}~1photos/post',
    'non-breaking operation-added /paths/~1store~1events/get',
    'non-breaking security-scheme-added /components/securitySchemes/petstoreAuth',
    'patch info-version-changed /info/version',
    'patch server-field-changed /servers/0/name',
    'patch tag-added /tags/2',
    'patch tag-field-changed /tags/0/kind',
    'patch tag-field-changed /tags/0/summary',
  ]);
  r = await cli('breaking');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  r = await cli('changeset', '--no-interactive');
  assert.is(r.exitCode, 0, r.stderr);
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'v2');
  r = await cli('version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '1.1.0');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'release 1.1.0');

  // v3: LINK removed and a query string field required break clients; the stream's array schema is the same items.
  p.write('api/petstore.yaml', version(3));
  r = await cli('lint');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  r = await cli('breaking', '--format', 'json');
  assert.is(r.exitCode, 1, r.stderr);
  assertValidOutput('breaking.schema.json', r.json());
  // The built CLI, as CI runs the gate, gives the same report and exit code.
  const built = await runBuiltSpecver(['breaking', '--format', 'json'], { cwd: p.dir });
  assert.equal([built.exitCode, built.json()], [r.exitCode, r.json()]);
  r = await cli('breaking');
  assert.match(r.stdout, 'LINK /pets/{petId} was removed [operation-removed]');
  assert.match(r.stdout, 'QUERY /pets: query string filter property name became required [request-property-became-required]');
  assert.match(r.stdout, 'security scheme petstoreAuth was deprecated [security-scheme-deprecated]');
  assert.match(r.stdout, '[request-encoding-content-type-narrowed]');
  assert.match(r.stdout, 'image/png, image/jpeg');
  assert.not.match(r.stdout, 'schema of response 200');
  r = await cli('changeset', '--no-interactive');
  assert.is(r.exitCode, 0, r.stderr);
  const [changeset] = readdirSync(p.path('.specver/changesets')).filter((f) => f.endsWith('.md'));
  assert.match(p.read(`.specver/changesets/${changeset}`), /^---\n"petstore": major\n---/);
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'v3');
  r = await cli('version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '2.0.0');
  assert.match(p.read('CHANGELOG.md'), 'LINK /pets/{petId} was removed');
  assert.match(p.read('.specver/snapshots/petstore@2.0.0.yaml'), 'openapi: 3.2.0');
});

test.run();
