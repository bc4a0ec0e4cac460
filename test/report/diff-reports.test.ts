import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Output } from '../../src/cli/output.ts';
import type { Finding } from '../../src/classify/types.ts';
import type { Comparison } from '../../src/pipeline/comparison.ts';
import { breakingJson, diffJson } from '../../src/report/diff-json.ts';
import { renderDiffMarkdown } from '../../src/report/diff-markdown.ts';
import { renderDiffText } from '../../src/report/diff-text.ts';
import { renderBreakingText } from '../../src/report/breaking-text.ts';
import { renderBreakingGithub } from '../../src/report/breaking-github.ts';
import { renderBreakingJunit } from '../../src/report/breaking-junit.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const out = new Output({ stdout: { write: () => true }, stderr: { write: () => true } }, { json: false, quiet: false, verbose: false, env: {} });

const removed: Finding = {
  rule: 'operation-removed',
  category: 'operation',
  severity: 'breaking',
  message: 'operation was removed',
  location: '/paths/~1pets~1{petId}/delete',
  side: 'base',
  file: '.specver/snapshots/petstore@1.0.0.yaml',
  line: 40,
  method: 'delete',
  path: '/pets/{petId}',
};
const added: Finding = {
  rule: 'response-property-added',
  category: 'response',
  severity: 'non-breaking',
  message: "property 'nickname' was added to the response | with a pipe",
  location: '/components/schemas/Pet/properties/nickname',
  side: 'revision',
  file: 'api/petstore.yaml',
  line: 77,
  usedBy: ['GET /pets', 'GET /pets/{petId}', 'POST /pets', 'PUT /pets/{petId}'],
};
const described: Finding = {
  rule: 'operation-description-changed',
  category: 'documentation',
  severity: 'patch',
  message: 'description changed',
  location: '/paths/~1pets/get/description',
  side: 'revision',
  file: 'api/petstore.yaml',
  line: 12,
  method: 'get',
  path: '/pets',
};

const petstore: Comparison = {
  contract: { name: 'petstore', format: 'openapi', path: 'api/petstore.yaml' },
  base: { label: 'petstore@1.0.0', version: '1.0.0', file: '.specver/snapshots/petstore@1.0.0.yaml' },
  hasBase: true,
  findings: [removed, added, described],
  summary: { total: 3, breaking: 1, nonBreaking: 1, patch: 1, bump: 'major' },
};
const quiet: Comparison = {
  contract: { name: 'order-event', format: 'json-schema', path: 'schemas/order-event.schema.json' },
  base: { label: 'order-event@0.1.0', version: '0.1.0', file: '.specver/snapshots/order-event@0.1.0.json' },
  hasBase: true,
  findings: [],
  summary: { total: 0, breaking: 0, nonBreaking: 0, patch: 0, bump: null },
};

test('diff text: header with counts and bump, one labelled line per change, no-changes line', () => {
  const text = renderDiffText(out, [petstore, quiet], { severity: 'all', verbose: false });
  assert.match(text, /petstore \(openapi, api\/petstore.yaml vs petstore@1.0.0\): 3 changes \(1 breaking, 1 non-breaking, 1 patch\), suggested bump: major/);
  assert.match(text, /BREAKING\s+DELETE \/pets\/\{petId\}: operation was removed/);
  assert.match(text, /non-breaking\s+property 'nickname'.*\(affects GET \/pets, GET \/pets\/\{petId\}, POST \/pets and 1 more\)/);
  assert.match(text, /patch\s+GET \/pets: description changed/);
  assert.match(text, /order-event \(json-schema, .*\): no changes/);
  assert.not.match(text, /operation-removed at/);
});

test('diff text --verbose adds rule, JSON Pointer and file:line; --severity filters lines', () => {
  const verbose = renderDiffText(out, [petstore], { severity: 'all', verbose: true });
  assert.match(verbose, /\[operation-removed\]\n\s+at \/paths\/~1pets~1\{petId\}\/delete \(\.specver\/snapshots\/petstore@1\.0\.0\.yaml:40\)/);
  const onlyPatch = renderDiffText(out, [petstore], { severity: 'patch', verbose: false });
  assert.not.match(onlyPatch, /BREAKING/);
  assert.match(onlyPatch, /description changed/);
});

test('diff and breaking JSON validate against their schemas', () => {
  const diff = diffJson([petstore, quiet], 'all');
  assertValidOutput('diff.schema.json', diff);
  assert.is(diff.summary.total, 3);
  assert.is(diff.summary.bump, 'major');
  const breaking = breakingJson([petstore, quiet]);
  assertValidOutput('breaking.schema.json', breaking);
  assert.is(breaking.breakingCount, 1);
  assert.is(breaking.contracts[0].changes.length, 2, 'patch changes are left out');
});

test('markdown table escapes pipes and lists suggested bumps', () => {
  const md = renderDiffMarkdown([petstore, quiet], 'all');
  assert.match(md, /\| Contract \| Severity \| Change \| Location \|/);
  assert.match(md, /\| petstore \| 🔴 BREAKING \| DELETE \/pets\/\{petId\}: operation was removed \| <code>\.specver\/snapshots\/petstore@\u200d1\.0\.0\.yaml:40<\/code> \|/);
  assert.match(md, /response \\\| with a pipe/);
  assert.match(md, /`petstore`: \*\*major\*\*/);
  assert.match(md, /`order-event`: no changes/);
  assert.is(md.split('\n').filter((l) => l.startsWith('| petstore')).length, 3);
});

test('breaking text: tagged lines and the count line; quiet keeps only breaking lines', () => {
  const text = renderBreakingText(out, [petstore, quiet], false);
  assert.match(text, /\[breaking\] DELETE \/pets\/\{petId\}: operation was removed/);
  assert.match(text, /\[non-breaking\] property 'nickname'/);
  assert.not.match(text, /description changed/);
  assert.match(text, /order-event \(json-schema\): no changes/);
  assert.ok(text.endsWith('1 breaking change found'));
  const q = renderBreakingText(out, [petstore, quiet], true);
  assert.equal(q.split('\n'), ['petstore: [breaking] DELETE /pets/{petId}: operation was removed [operation-removed]', '1 breaking change found']);
});

test('github annotations carry file and line; removals point at the spec file', () => {
  const text = renderBreakingGithub([petstore]);
  assert.match(text, /^::error file=api\/petstore.yaml,title=specver BREAKING%3A operation-removed::DELETE/m);
  assert.match(text, /^::notice file=api\/petstore.yaml,line=77,title=/m);
});

test('junit: a failure per breaking change, a passing case for a clean contract', () => {
  const xml = renderBreakingJunit([petstore, quiet]);
  assert.match(xml, /<testsuites name="specver breaking" tests="2" failures="1">/);
  assert.match(xml, /<failure message="DELETE \/pets\/\{petId\}: operation was removed" type="operation-removed">/);
  assert.match(xml, /<testcase name="no breaking changes" classname="specver.breaking.order-event"\/>/);
});

test('a shared-component change names its first operation once and lists the others', async () => {
  const { describeFinding } = await import('../../src/report/change-line.ts');
  const shared: Finding = { ...added, method: 'get', path: '/pets', message: 'GET /pets: optional property nickname added' };
  assert.is(describeFinding(shared), 'GET /pets: optional property nickname added (also affects GET /pets/{petId}, POST /pets, PUT /pets/{petId})');
});


/** The same changes detected in the opposite order: reports still lead with the breaking one. */
const shuffled: Comparison = { ...petstore, findings: [described, added, removed] };

test('every reporter leads with breaking changes, then non-breaking, then patch', () => {
  const lines = renderDiffText(out, [shuffled], { severity: 'all', verbose: false }).split('\n');
  assert.match(lines[1]!, /^  BREAKING\s+DELETE/);
  assert.match(lines[2]!, /^  non-breaking\s+property 'nickname'/);
  assert.match(lines[3]!, /^  patch\s+GET \/pets: description changed/);
  const md = renderDiffMarkdown([shuffled], 'all').split('\n').filter((l) => l.startsWith('| petstore'));
  assert.equal(md.map((l) => l.split(' | ')[1]), ['🔴 BREAKING', '🟡 non-breaking', '⚪ patch']);
  const breaking = renderBreakingText(out, [shuffled], false).split('\n');
  assert.match(breaking[1]!, /^  \[breaking\] DELETE/);
  assert.match(breaking[2]!, /^  \[non-breaking\] property/);
  const gh = renderBreakingGithub([shuffled]).split('\n');
  assert.match(gh[0]!, /^::error .*specver BREAKING%3A operation-removed/);
  assert.match(gh[1]!, /^::notice .*specver non-breaking%3A response-property-added/);
});

test('diff text: the rule id ends every change line, dimmed on a colour terminal; a final line totals the run', () => {
  const text = renderDiffText(out, [petstore, quiet], { severity: 'all', verbose: false });
  const changeLines = text.split('\n').filter((l) => l.startsWith('  '));
  assert.is(changeLines.length, 3);
  for (const line of changeLines) assert.match(line, / \[[a-z]+(-[a-z]+)+\]$/);
  assert.ok(text.endsWith('\n3 changes in 1 contract: 1 breaking, 1 non-breaking, 1 patch'));
  assert.ok(renderDiffText(out, [quiet], { severity: 'all', verbose: false }).endsWith('\nNo changes in 1 contract'));
  let written = '';
  const tty = new Output({ stdout: { write: (s: string) => (written += s), isTTY: true }, stderr: { write: () => true } }, { json: false, quiet: false, verbose: false, env: {} });
  tty.result(renderDiffText(tty, [petstore], { severity: 'all', verbose: false }));
  assert.ok(written.includes('\u001b[2m[operation-removed]\u001b[22m'), 'rule id dimmed');
});

test('diff text --quiet: the per-contract counts and the final line only', () => {
  const text = renderDiffText(out, [petstore, quiet], { severity: 'all', verbose: false, quiet: true });
  assert.equal(text.split('\n'), [
    'petstore (openapi, api/petstore.yaml vs petstore@1.0.0): 3 changes (1 breaking, 1 non-breaking, 1 patch), suggested bump: major',
    'order-event (json-schema, schemas/order-event.schema.json vs order-event@0.1.0): no changes',
    '3 changes in 1 contract: 1 breaking, 1 non-breaking, 1 patch',
  ]);
});

test.run();
