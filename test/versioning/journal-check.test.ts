/** The journal check on its own: shape, the allow-list of paths, and real paths (symlinks). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../src/types.ts';
import { checkJournal } from '../../src/versioning/journal-check.ts';
import { cleanupProjects, emptyProject } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';

function setup() {
  const p = emptyProject('specver-journal-');
  p.write('api/a.yaml', 'openapi: 3.0.3\n');
  p.write('.specver/versions.json', '{}');
  const config: Config = {
    file: p.path('specver.yaml'),
    root: p.dir,
    versioning: 'independent',
    contracts: [{ name: 'a', format: 'openapi', path: 'api/a.yaml' }],
    rules: { files: [], severity: {} },
    lint: { files: [], severity: {} },
    changelog: 'docs/CHANGELOG.md',
    git: { commit: false, tag: false },
    refsMap: {},
  };
  return { p, config };
}

const journal = (...ops: unknown[]) => ({ journal: 1, ops });
const refused = (config: Config, data: unknown, message: RegExp) => {
  try {
    checkJournal(config, data);
  } catch (error) {
    assert.is((error as { exitCode: number }).exitCode, 2);
    assert.match((error as Error).message, message);
    assert.match((error as Error).message, /nothing was replayed$/);
    return;
  }
  assert.unreachable(`accepted: ${JSON.stringify(data)}`);
};

test('accepts what version writes', () => {
  const { config } = setup();
  const data = journal(
    { op: 'write', path: '.specver/snapshots/a@1.2.0-beta.0.yaml', content: 'x' },
    { op: 'write', path: 'docs/CHANGELOG.md', content: '# Changelog\n' },
    { op: 'versions', state: { versioning: 'independent', contracts: { a: '1.2.0-beta.0' } } },
    { op: 'pre', state: { mode: 'pre', tag: 'beta', initialVersions: { a: '1.1.0' }, changesets: [] } },
    { op: 'delete', path: '.specver/changesets/brave-lion-jump.md' },
    { op: 'delete', path: '.specver/pre.json' },
  );
  assert.is(checkJournal(config, data), data);
});

test('a spec write: only the root spec of an OpenAPI contract the journal releases (snapshots)', () => {
  const { p, config } = setup();
  p.write('schemas/s.json', '{}');
  const withSchema: Config = { ...config, contracts: [...config.contracts, { name: 's', format: 'json-schema', path: 'schemas/s.json' }] };
  const spec = { op: 'write', path: 'api/a.yaml', content: 'openapi: 3.0.3\ninfo:\n  version: 1.2.0\n' };
  const released = journal(spec, { op: 'write', path: '.specver/snapshots/a@1.2.0.yaml', content: 'x' });
  assert.is(checkJournal(withSchema, released), released);
  refused(withSchema, journal(spec), /entry 0 \(write "api\/a\.yaml"\) is not a file specver version writes/);
  refused(
    withSchema,
    journal({ op: 'write', path: 'schemas/s.json', content: '{}' }, { op: 'write', path: '.specver/snapshots/s@1.0.0.json', content: '{}' }),
    /entry 0 \(write "schemas\/s\.json"\) is not a file specver version writes/,
  );
  refused(withSchema, journal({ op: 'write', path: 'specver.yaml', content: 'x' }, { op: 'write', path: '.specver/snapshots/a@1.2.0.yaml', content: 'x' }), /not a file specver version writes/);
});

test('refuses wrong shapes, foreign paths and symlinks', () => {
  const { p, config } = setup();
  refused(config, null, /is not a valid version journal/);
  refused(config, journal({ op: 'write', path: 'docs/CHANGELOG.md', content: ['x'] }), /not a valid version journal: must be string at \/ops\/0\/content/);
  refused(config, journal({ op: 'write', path: 'docs/CHANGELOG.md', content: 'x', mode: 493 }), /is not a valid version journal/);
  refused(config, journal({ op: 'write', path: 'CHANGELOG.md', content: 'x' }), /entry 0 \(write "CHANGELOG\.md"\) is not a file specver version writes/);
  refused(config, journal({ op: 'write', path: '.specver/snapshots/a@latest.yaml', content: 'x' }), /invalid version/);
  refused(config, journal({ op: 'write', path: '.specver/snapshots/a@1.0.0.sh', content: 'x' }), /not a file specver version writes/);
  refused(config, journal({ op: 'delete', path: '.specver/changesets/../versions.json' }), /not a changeset or pre\.json/);
  refused(config, journal({ op: 'delete', path: '.specver/changesets/x.md\u0000' }), /not a valid version journal/);
  refused(config, journal({ op: 'pre', state: { mode: 'pre' } }), /entry 0 \(pre\) is not a valid pre\.json state/);

  const outside = tempDir('specver-outside-');
  symlinkSync(outside, p.path('docs'));
  refused(config, journal({ op: 'write', path: 'docs/CHANGELOG.md', content: 'x' }), /entry 0 .*refusing to write changelog docs\/CHANGELOG\.md: it is outside the project root/);
  symlinkSync(outside, p.path('.specver/snapshots'));
  refused(config, journal({ op: 'write', path: '.specver/snapshots/a@1.0.0.yaml', content: 'x' }), /leads outside \.specver\//);
});

test.after(() => cleanupProjects());
test.run();
