import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setContractPathInText } from '../../src/config/edit-config.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

// init starts petstore at its info.version: 0.0.0, as these cases assume.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 0.0.0');
const SCHEMA = readFileSync(join(FIXTURES, 'changesets/project/schemas/order-event.schema.json'), 'utf8');

/** A project released once: petstore at 0.1.0, order-event at 0.0.0. */
async function released(): Promise<TempProject> {
  const p = emptyProject('specver-move-');
  p.write('api/petstore.yaml', SPEC);
  p.write('schemas/order-event.schema.json', SCHEMA);
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  p.write('specver.yaml', p.read('specver.yaml').replace('path: api/petstore.yaml', 'path: api/petstore.yaml # the public API'));
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nAdd search\n');
  assert.is((await runSpecver(['version', '--no-git'], { cwd: p.dir })).exitCode, 0);
  return p;
}

test('contract move: only the path changes (in place, comment kept); version, snapshots and history continue', async () => {
  const p = await released();
  mkdirSync(p.path('api/v2'));
  renameSync(p.path('api/petstore.yaml'), p.path('api/v2/petstore.yaml'));
  const snapshots = readdirSync(p.path('.specver/snapshots')).sort();
  const versions = p.read('.specver/versions.json');
  const configBefore = p.read('specver.yaml');

  const r = await runSpecver(['contract', 'move', 'petstore', 'api/v2/petstore.yaml', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('contract-move.schema.json', r.json());
  assert.equal(r.json(), { action: 'moved', contract: 'petstore', from: 'api/petstore.yaml', to: 'api/v2/petstore.yaml', version: '0.1.0' });
  assert.is(p.read('specver.yaml'), configBefore.replace('path: api/petstore.yaml # the public API', 'path: api/v2/petstore.yaml # the public API'));
  assert.is(p.read('.specver/versions.json'), versions);
  assert.equal(readdirSync(p.path('.specver/snapshots')).sort(), snapshots);
  assert.not.ok(p.exists('.specver/.lock'));

  // The spec at its new place is compared with its last release, and released onwards.
  const gate = await runSpecver(['breaking'], { cwd: p.dir });
  assert.is(gate.exitCode, 0, gate.stderr + gate.stdout);
  p.write('.specver/changesets/calm-otter-sing.md', '---\n"petstore": minor\n---\n\nMore\n');
  const next = await runSpecver(['version', '--no-git'], { cwd: p.dir });
  assert.is(next.exitCode, 0, next.stderr);
  assert.match(next.stdout, /petstore +0\.1\.0 -> 0\.2\.0/);
  assert.is(p.read('.specver/snapshots/petstore@0.2.0.yaml'), p.read('api/v2/petstore.yaml'));
});

test('contract move in text: one result line; run from a subdirectory, the path is relative to it', async () => {
  const p = await released();
  renameSync(p.path('api/petstore.yaml'), p.path('api/pets.yaml'));
  const r = await runSpecver(['contract', 'move', 'petstore', 'pets.yaml'], { cwd: p.path('api') });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.match(r.stdout, /^Moved contract petstore: api\/petstore\.yaml -> api\/pets\.yaml\n/);
  assert.match(p.read('specver.yaml'), /path: api\/pets\.yaml # the public API\n/);
});

test('contract move refuses bad targets: exit 2, one line naming the file and what to do, nothing written', async () => {
  const p = await released();
  const outside = tempDir('specver-move-outside-');
  writeFileSync(join(outside, 'out.yaml'), SPEC);
  p.write('api/v2/petstore.yaml', SPEC);
  p.write('api/notes.txt', SPEC);
  p.write('api/broken.yaml', 'openapi: [\n');
  symlinkSync(join(outside, 'out.yaml'), p.path('api/link.yaml'));
  const before = p.snapshot();
  const outsidePath = relative(p.dir, join(outside, 'out.yaml'));
  const cases: [string[], RegExp][] = [
    [['nope', 'api/v2/petstore.yaml'], /^specver: unknown contract 'nope'\nhint: known contracts: petstore, order-event\n$/],
    [['petstore', 'api/missing.yaml'], /^specver: api\/missing\.yaml: no such file\nhint: move the spec of 'petstore' there first/],
    [['petstore', outsidePath], /^specver: \.\.\/.*out\.yaml is outside the project root .*\nhint: contracts must live inside/],
    [['petstore', 'api/link.yaml'], /api\/link\.yaml/],
    [['petstore', 'api/notes.txt'], /^specver: api\/notes\.txt is not a spec file \(expected \.yaml, \.yml or \.json\)\n/],
    [['petstore', 'api/petstore.yaml'], /^specver: contract 'petstore' is already at api\/petstore\.yaml\n/],
    [['petstore', 'schemas/order-event.schema.json'], /^specver: schemas\/order-event\.schema\.json is already tracked as contract 'order-event'\n/],
    [['order-event', 'api/v2/petstore.yaml'], /^specver: api\/v2\/petstore\.yaml is OpenAPI 3\.0, not json-schema like contract 'order-event'\nhint: give the path of the JSON Schema of 'order-event'/],
    [['petstore', 'api/broken.yaml'], /^specver: api\/broken\.yaml:\d+/],
  ];
  for (const [args, expected] of cases) {
    const r = await runSpecver(['contract', 'move', ...args], { cwd: p.dir });
    assert.is(r.exitCode, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, expected, args.join(' '));
    assert.ok(r.stderr.trimEnd().split('\n').length <= 2, `one line and a hint: ${r.stderr}`);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
    assert.is(r.stdout, '');
  }
  assert.equal(p.snapshot(), before, 'nothing written');
});

test('setContractPathInText: splices only the path, keeping quotes, flow style and CRLF', () => {
  const block = 'contracts:\n  - name: a\n    format: openapi\n    path: "api/a.yaml" # here\n  - name: b\n    format: openapi\n    path: api/b.yaml\n';
  assert.is(setContractPathInText(block, 'a', 'api/v2/a.yaml'), block.replace('"api/a.yaml"', '"api/v2/a.yaml"'));
  assert.is(setContractPathInText(block, 'b', 'api/b 2.yaml'), block.replace('path: api/b.yaml', 'path: "api/b 2.yaml"'));
  const flow = "contracts: [{ name: a, format: openapi, path: 'a.yaml' }]\n";
  assert.is(setContractPathInText(flow, 'a', 'x/a.yaml'), "contracts: [{ name: a, format: openapi, path: 'x/a.yaml' }]\n");
  const crlf = block.replace(/\n/g, '\r\n');
  assert.is(setContractPathInText(crlf, 'b', 'c.yaml'), crlf.replace('path: api/b.yaml', 'path: c.yaml'));
  assert.throws(() => setContractPathInText(block, 'zzz', 'x.yaml'), /contract 'zzz' is not in specver\.yaml/);
});

test('contract move is in --help and in the completion scripts', async () => {
  const p = emptyProject('specver-move-help-');
  const help = await runSpecver(['contract', '--help'], { cwd: p.dir });
  assert.match(help.stdout, /move <name> <new-path>/);
  const own = await runSpecver(['contract', 'move', '--help'], { cwd: p.dir });
  assert.match(own.stdout, /keeping its version, snapshots and\s+changelog history/);
  assert.match(own.stdout, /specver contract move orders api\/v2\/orders\.yaml/);
  for (const shell of ['bash', 'zsh', 'fish']) {
    const script = (await runSpecver(['completion', shell], { cwd: p.dir })).stdout;
    assert.match(script, /\bmove\b/, shell);
  }
});

test.run();
