#!/usr/bin/env node
// Copies a small subset of the shared corpus of real specs (../shared/corpus) into fixtures/real-specs/, so a
// fresh clone's `npm test` covers real documents with nothing beside it. The files are copied byte for byte,
// with the licence of each source repository, and a manifest.json in the corpus's own format (the versions
// kept, in the corpus's order), so the same test code reads either collection.
// Usage: node scripts/vendor-real-specs.mjs [corpus dir]
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = resolve(process.argv[2] ?? join(root, '../shared/corpus'));
const target = join(root, 'fixtures/real-specs');

/**
 * Series kept, with the labels of the versions kept (all when omitted). Chosen for small size, licences that
 * allow redistribution, and reach: Swagger 2.0 (JSON, YAML, multi-file), OpenAPI 3.0 (single and multi-file),
 * 3.0 -> 3.1, 3.1, and JSON Schema draft-04, draft-07, 2019-09 and 2020-12, each with real changes to find.
 */
const KEPT = {
  openapi: {
    'oai-petstore-expanded-2.0': undefined,
    'oai-petstore-separate-2.0': undefined,
    netlify: undefined,
    'oai-petstore-3.0': undefined,
    'oai-uspto-3.0': undefined,
    digitalocean: ['2020-09-11-486d9d77', '2020-09-14'],
    'beacon-apis': ['v2.4.2', 'v2.5.0'],
    'oai-webhook-example-3.1': undefined,
  },
  jsonSchema: {
    cloudevents: undefined,
    'schemastore-prettierrc': undefined,
    'schemastore-yamllint': undefined,
    'schemastore-specif-1.1': undefined,
    'oas-3.0-schema': undefined,
    'oas-3.1-schema': undefined,
    asyncapi: ['2.5.0', '2.6.0'],
  },
};
const REDISTRIBUTABLE = new Set(['MIT', 'Apache-2.0', 'CC0-1.0']);

const manifestFile = join(corpus, 'manifest.json');
/** One line saying what is wrong, exit 2, and no half-built copy left behind. */
function fail(message) {
  rmSync(building, { recursive: true, force: true });
  console.error(`vendor-real-specs: ${message}`);
  process.exit(2);
}
// Built in a temp folder beside the target and renamed into place: an interrupted run leaves the old copy whole.
const building = `${target}.tmp-${process.pid}`;
if (!existsSync(manifestFile)) fail(`${manifestFile} does not exist: pass the corpus directory as the first argument`);
const full = JSON.parse(readFileSync(manifestFile, 'utf8'));

function keep(group) {
  return Object.entries(KEPT[group]).map(([name, labels]) => {
    const series = full[group].find((s) => s.name === name);
    if (!series) fail(`series ${name} is not in ${manifestFile}: change KEPT in scripts/vendor-real-specs.mjs`);
    if (!REDISTRIBUTABLE.has(series.source.licence)) fail(`${name}: licence ${series.source.licence} is not one that allows copying here (${[...REDISTRIBUTABLE].join(', ')})`);
    const versions = labels ? series.versions.filter((v) => labels.includes(v.label)) : series.versions;
    if (versions.length !== (labels ?? series.versions).length || versions.length < 2) fail(`${name}: versions ${labels} are not all in the corpus (at least two are needed)`);
    return { ...series, versions };
  });
}

rmSync(building, { recursive: true, force: true });
mkdirSync(building, { recursive: true });
const manifest = {
  manifestVersion: full.manifestVersion,
  description: `A subset of the specver test corpus (${full.description}) copied byte for byte, for the default test suite.`,
  openapi: keep('openapi'),
  jsonSchema: keep('jsonSchema'),
};
const all = [...manifest.openapi, ...manifest.jsonSchema];
for (const series of all) {
  for (const version of series.versions) {
    const from = version.dir ?? version.path;
    cpSync(join(corpus, from), join(building, from), { recursive: true });
  }
  mkdirSync(join(building, 'LICENSES'), { recursive: true });
  cpSync(join(corpus, series.source.licenceFile), join(building, series.source.licenceFile));
}
// The corpus is read-only; the copies are plain files, as a clone of the repository has them.
for (const name of readdirSync(building, { recursive: true })) {
  const path = join(building, name);
  chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
}
writeFileSync(join(building, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const rows = all.map((series) => {
  const versions = series.versions.map((v) => `${v.label} (${v.commit.slice(0, 10)})`).join(', ');
  const kind = series.format === 'openapi' ? series.versions.map((v) => v.specVersion).join(' / ') : series.versions.map((v) => (v.dialect ?? 'no $schema').replace(/^https?:\/\/json-schema\.org\/(draft\/)?/, '').replace(/\/schema#?$/, '')).join(' / ');
  return `| ${series.name} | ${kind} | [${series.source.repository}](https://${series.source.repository}) \`${series.source.path}\` | ${versions} | ${series.source.licence}, [${series.source.licenceFile}](${series.source.licenceFile}) |`;
});
writeFileSync(
  join(building, 'README.md'),
  `# Real specs for the default test suite

Public API descriptions and JSON Schemas written by others, copied byte for byte from the commits named below
(through the specver test corpus, whose manifest format \`manifest.json\` here keeps). Each source repository's
licence allows redistribution; its licence text is under \`LICENSES/\`. Do not edit these files: a test that needs
a change copies the file into its own fixtures. The full corpus (\`../shared/corpus\`) is tested by
\`npm run test:corpus\`; this subset is regenerated from it with \`node scripts/vendor-real-specs.mjs\`.

| Series | Versions of the format | Source | Versions kept (commit) | Licence |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`,
);
rmSync(target, { recursive: true, force: true });
renameSync(building, target);
console.log(`fixtures/real-specs: ${all.length} series, ${all.reduce((n, s) => n + s.versions.length, 0)} versions`);
