/** The benchmark inputs taken from `../shared/corpus` (manifest.json): which pairs and which lint targets. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Series benchmarked for diff, by name; the newest pair (last two versions) of each. */
const DIFF_SERIES_FULL = [
  'stripe',
  'openai',
  'box',
  'twilio-api-v2010',
  'slack-web',
  'digitalocean',
  'schemastore-vector',
  'schemastore-tsconfig',
  'asyncapi',
];
const DIFF_SERIES_QUICK = ['netlify', 'oai-petstore-separate-2.0', 'oas-3.1-schema'];
const LINT_SERIES_FULL = ['stripe', 'openai', 'box', 'twilio-api-v2010', 'digitalocean'];
const LINT_SERIES_QUICK = ['netlify'];

export function readManifest(corpus) {
  const manifest = join(corpus, 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`the shared corpus is missing: ${manifest} does not exist; clone it beside the checkout (../shared/corpus)`);
  return JSON.parse(readFileSync(manifest, 'utf8'));
}

function bytesOf(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path, { recursive: true })
    .map((f) => statSync(join(path, f)))
    .filter((s) => s.isFile())
    .reduce((sum, s) => sum + s.size, 0);
}

/**
 * A pair as the harness uses it: `{ name, format, multiFile, encoding, specVersion, base, revision, baseTree,
 * revisionTree, rootFile, bytes: [base, revision] }`; paths are absolute. For a multi-file spec `base` and
 * `revision` are the root files and the trees are the version directories.
 */
function toPair(corpus, series) {
  const [a, b] = series.versions.slice(-2);
  const pair = {
    name: series.name,
    labels: [a.label, b.label],
    format: series.format,
    multiFile: Boolean(series.multiFile),
    encoding: a.encoding,
    specVersion: b.specVersion ?? b.dialect ?? null,
    base: join(corpus, a.path),
    revision: join(corpus, b.path),
  };
  if (pair.multiFile) {
    pair.baseTree = join(corpus, a.dir);
    pair.revisionTree = join(corpus, b.dir);
    pair.rootFile = series.rootFile;
    pair.bytes = [bytesOf(pair.baseTree), bytesOf(pair.revisionTree)];
  } else {
    pair.bytes = [a.bytes, b.bytes];
  }
  return pair;
}

function select(corpus, names) {
  const manifest = readManifest(corpus);
  const all = [...manifest.openapi, ...manifest.jsonSchema];
  return names.map((name) => {
    const series = all.find((s) => s.name === name);
    if (!series) throw new Error(`corpus series '${name}' is not in ${join(corpus, 'manifest.json')}`);
    return toPair(corpus, series);
  });
}

export const diffPairs = (corpus, quick) => select(corpus, quick ? DIFF_SERIES_QUICK : DIFF_SERIES_FULL);
export const lintPairs = (corpus, quick) => select(corpus, quick ? LINT_SERIES_QUICK : LINT_SERIES_FULL);

/** Reads every input once so the page cache is warm before the first timed run. */
export function warmUp(paths) {
  for (const path of paths) {
    if (statSync(path).isDirectory())
      for (const f of readdirSync(path, { recursive: true })) {
        const full = join(path, f);
        if (statSync(full).isFile()) readFileSync(full);
      }
    else readFileSync(path);
  }
}
