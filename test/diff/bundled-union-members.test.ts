/**
 * Union members of a multi-file spec are written in their own files (`types/altair.yaml#/Block`); its bundled
 * snapshot has them inlined under their component names. Members pair by component name, so a reordered union
 * whose members only grew compares each member with itself (beacon-apis v2.5.0 -> v3.0.0 reported required
 * properties "removed" from members paired with the wrong fork).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleSpec } from '../../src/load/bundle.ts';
import { loadSpec, loadSpecFromText } from '../../src/load/load.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

const block = (required: string[], optional: string[] = []) => [
  'type: object',
  'required: [message]',
  'properties:',
  '  message:',
  '    type: object',
  `    required: [${required.join(', ')}]`,
  '    properties:',
  ...[...required, ...optional].map((p) => `      ${p}: {type: string}`),
].join('\n');

function writeSpec(project: TempProject, order: string[], phase0: string, altair: string) {
  project.write('api/spec.yaml', [
    'openapi: 3.0.3',
    'info: {title: t, version: "1"}',
    'paths:',
    '  /blocks:',
    '    get: {$ref: "paths/blocks.yaml"}',
    'components:',
    '  schemas:',
    '    Phase0.Block: {$ref: "types/phase0.yaml#/Block"}',
    '    Altair.Block: {$ref: "types/altair.yaml#/Block"}',
  ].join('\n'));
  project.write('api/paths/blocks.yaml', [
    'responses:',
    '  "200":',
    '    description: ok',
    '    content:',
    '      application/json:',
    '        schema:',
    `          anyOf: [${order.map((name) => `{$ref: "../spec.yaml#/components/schemas/${name}"}`).join(', ')}]`,
  ].join('\n'));
  project.write('api/types/phase0.yaml', `Block:\n${phase0.replace(/^/gm, '  ')}\n`);
  project.write('api/types/altair.yaml', `Block:\n${altair.replace(/^/gm, '  ')}\n`);
}

async function bundledBase(project: TempProject) {
  const bundle = await bundleSpec('api/spec.yaml', { projectRoot: project.dir });
  const alone = emptyProject();
  return loadSpecFromText(bundle.text, alone.path(`snapshot.${bundle.ext}`), { projectRoot: alone.dir });
}

const breaking = (changes: ReturnType<typeof diffApi>) =>
  changes.filter((c) => c.kind === 'schema-property' && c.action === 'removed').map((c) => c.basePointer);

test('reordered members that only gained optional properties remove nothing', async () => {
  const project = emptyProject();
  writeSpec(project, ['Phase0.Block', 'Altair.Block'], block(['slot']), block(['slot', 'sync']));
  const base = await bundledBase(project);
  writeSpec(project, ['Altair.Block', 'Phase0.Block'], block(['slot'], ['graffiti']), block(['slot', 'sync'], ['graffiti']));
  const revision = await loadSpec('api/spec.yaml', { projectRoot: project.dir });
  assert.equal(breaking(diffApi(base, revision, { today: new Date(0) })), []);
});

test('a property really removed from a reordered member is still reported, on that member', async () => {
  const project = emptyProject();
  writeSpec(project, ['Phase0.Block', 'Altair.Block'], block(['slot']), block(['slot', 'sync']));
  const base = await bundledBase(project);
  writeSpec(project, ['Altair.Block', 'Phase0.Block'], block(['slot'], ['graffiti']), block(['slot'], ['graffiti']));
  const revision = await loadSpec('api/spec.yaml', { projectRoot: project.dir });
  const removed = breaking(diffApi(base, revision, { today: new Date(0) }));
  assert.equal(removed.length, 1);
  assert.match(removed[0]!, /\/sync$/);
});

test.run();
