/** The benchmark inputs taken from `../shared/corpus` (manifest.json): which pairs and which lint targets. */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load as loadYaml } from 'js-yaml';

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
/** Series whose newest version is diffed against itself plus one added operation: a pull request's usual size. */
const PR_SERIES_FULL = ['stripe', 'openai'];
const PR_SERIES_QUICK = ['netlify'];
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

const ADDED_PATH = '/specver-bench/added';

/** The text with one operation (GET ADDED_PATH) added as the first entry of `paths`, or null when not found. */
export function withAddedOperation(text, encoding) {
  if (encoding === 'json') {
    const open = /"paths"\s*:\s*\{/.exec(text);
    if (!open) return null;
    const at = open.index + open[0].length;
    const empty = /^\s*\}/.test(text.slice(at));
    return `${text.slice(0, at)}"${ADDED_PATH}": {"get": {"responses": {"200": {"description": "ok"}}}}${empty ? '' : ','}${text.slice(at)}`;
  }
  const key = /^paths:[ \t]*\r?\n/m.exec(text);
  if (!key) return null;
  const at = key.index + key[0].length;
  const indent = /^([ \t]+)\S/m.exec(text.slice(at))?.[1] ?? '  ';
  const lines = [`${ADDED_PATH}:`, '  get:', '    responses:', "      '200':", '        description: ok'];
  return `${text.slice(0, at)}${lines.map((line) => `${indent}${line}\n`).join('')}${text.slice(at)}`;
}

/**
 * Pull-request pairs: the newest version of each series as the base, and that text with one operation added as
 * the revision (written under `work`), so nearly all of the document is unchanged, as in most pull requests.
 */
export function pullRequestPairs(corpus, work, quick) {
  const dir = join(work, 'pull-request');
  mkdirSync(dir, { recursive: true });
  return select(corpus, quick ? PR_SERIES_QUICK : PR_SERIES_FULL).map((pair) => {
    const text = readFileSync(pair.revision, 'utf8');
    const edited = withAddedOperation(text, pair.encoding);
    const data = edited === null ? undefined : pair.encoding === 'json' ? JSON.parse(edited) : loadYaml(edited);
    if (!data?.paths?.[ADDED_PATH]) throw new Error(`bench: could not add an operation to ${pair.revision}`);
    const revision = join(dir, `${pair.name}${pair.revision.slice(pair.revision.lastIndexOf('.'))}`);
    writeFileSync(revision, edited);
    return {
      ...pair,
      name: `${pair.name} (pull request: one operation added)`,
      contract: `${pair.name}-pr`,
      labels: [pair.labels[1], `${pair.labels[1]} + GET ${ADDED_PATH}`],
      base: pair.revision,
      revision,
      bytes: [pair.bytes[1], Buffer.byteLength(edited)],
    };
  });
}
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
