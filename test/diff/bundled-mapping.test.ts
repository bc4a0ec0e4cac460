/**
 * Discriminator mappings of multi-file specs name schemas by file (`models/ext4.yml`). The snapshot bundles them
 * to where those schemas sit in the bundle; the spec as written and its bundle map the same members.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleSpec } from '../../src/load/bundle.ts';
import { loadSpec, loadSpecFromText } from '../../src/load/load.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

function writeSpec(project: TempProject, xfsMapping = 'models/xfs.yml', rootMapping = 'resources/models/ext4.yml') {
  project.write('api/spec.yaml', [
    'openapi: 3.0.3',
    'info: {title: t, version: "1"}',
    'paths:',
    '  /volumes:',
    '    post: {$ref: "resources/create_volume.yml"}',
    '  /other:',
    '    post:',
    '      requestBody:',
    '        content:',
    '          application/json:',
    '            schema:',
    '              oneOf: [{$ref: "resources/models/ext4.yml"}]',
    `              discriminator: {propertyName: fs, mapping: {ext4: "${rootMapping}"}}`,
    '      responses: {"204": {description: done}}',
  ].join('\n'));
  project.write('api/resources/create_volume.yml', [
    'requestBody:',
    '  content:',
    '    application/json:',
    '      schema:',
    '        oneOf: [{$ref: "models/ext4.yml"}, {$ref: "models/xfs.yml"}]',
    '        discriminator:',
    '          propertyName: fs',
    `          mapping: {ext4: "models/ext4.yml", xfs: "${xfsMapping}"}`,
    'responses: {"201": {description: created}}',
  ].join('\n'));
  project.write('api/resources/models/ext4.yml', 'type: object\nproperties: {fs: {type: string}, journal: {type: boolean}}\n');
  project.write('api/resources/models/xfs.yml', 'type: object\nproperties: {fs: {type: string}, quota: {type: integer}}\n');
}

async function bundledBase(project: TempProject) {
  const bundle = await bundleSpec('api/spec.yaml', { projectRoot: project.dir });
  const alone = emptyProject();
  return { text: bundle.text, spec: await loadSpecFromText(bundle.text, alone.path(`snapshot.${bundle.ext}`), { projectRoot: alone.dir }) };
}

test('mapping values naming files are bundled to the place of the schema they name', async () => {
  const project = emptyProject();
  writeSpec(project);
  const { text } = await bundledBase(project);
  assert.not.match(text, 'models/');
  assert.match(text, /xfs: "#\/paths\/~1volumes\/post\/requestBody\/content\/application~1json\/schema\/oneOf\/1"/);
  assert.match(text, /ext4: "#\/paths\/~1volumes\/post\/requestBody\/content\/application~1json\/schema\/oneOf\/0"/);
});

test('the spec as written and its bundled snapshot have no discriminator change', async () => {
  const project = emptyProject();
  writeSpec(project);
  const base = await bundledBase(project);
  const revision = await loadSpec('api/spec.yaml', { projectRoot: project.dir });
  assert.equal(diffApi(base.spec, revision, { today: new Date(0) }).map((c) => c.kind), []);
});

test('a mapping value that now names another schema file is still a mapping change', async () => {
  const project = emptyProject();
  writeSpec(project);
  const base = await bundledBase(project);
  writeSpec(project, 'models/ext4.yml');
  const revision = await loadSpec('api/spec.yaml', { projectRoot: project.dir });
  const changes = diffApi(base.spec, revision, { today: new Date(0) });
  assert.equal(changes.map((c) => `${c.kind} ${c.action}`), ['schema-discriminator-mapping changed']);
});

test.run();
