/** Every rule of Spectral's spectral:oas and Redocly's recommended has a specver counterpart or a reason. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { peerRulesets } from '../../scripts/generate-docs.ts';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { coverageProblems, renderLintCoveragePage } from '../../src/report/lint-coverage-doc.ts';

const rules = builtinLintRules();
const peers = peerRulesets();

test('each peer rule has a counterpart or a documented reason, and every named peer rule exists', () => {
  assert.equal(coverageProblems(rules, peers), []);
});

test('the check is not vacuous: a dropped reason and a misspelt equivalent are caught', () => {
  const { 'oas2-anyOf': _dropped, ...differs } = peers.spectral.differs;
  const fewer = { ...peers, spectral: { ...peers.spectral, differs } };
  assert.equal(coverageProblems(rules, fewer), ['spectral rule oas2-anyOf has no specver counterpart and no reason']);
  const misspelt = rules.map((r) => (r.id === 'info-contact' ? { ...r, equivalents: { spectral: ['info-contacts'] } } : r));
  assert.ok(coverageProblems(misspelt, peers).includes('spectral has no rule info-contacts (named by info-contact)'));
});

test('the table names the specver rule for a covered peer rule and the reason for another', () => {
  const page = renderLintCoveragePage(rules, peers);
  assert.match(page, '| `operation-operationId` | [`operation-operationid`](rules/lint-openapi.md#operation-operationid) |  |');
  assert.match(page, /\| `oas2-anyOf` \| — \| anyOf in Swagger 2\.0 is an OpenAPI schema violation/);
});

test.run();
