/**
 * The YAML fast path (src/load/yaml-fast-path.ts) against js-yaml, which it must equal wherever it answers: every
 * YAML file of the fixtures, one case per construct it reads and per construct it leaves to js-yaml, and seeded
 * mutations of a document that uses every construct (most of them invalid YAML, which it must never accept).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { load as loadYaml } from 'js-yaml';
import { NOT_HANDLED, parseCommonYaml } from '../../src/load/yaml-fast-path.ts';
import { MAX_NESTING } from '../../src/load/input-limits.ts';
import { SPEC_SCHEMA } from '../../src/load/yaml-schema.ts';
import { cpuMs } from '../helpers/cpu-time.ts';
import { seeded } from '../helpers/seeded.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

type JsYamlAnswer = { data: unknown } | { error: string };

function jsYaml(text: string): JsYamlAnswer {
  try {
    return { data: loadYaml(text, { schema: SPEC_SCHEMA, maxDepth: MAX_NESTING } as Parameters<typeof loadYaml>[1]) };
  } catch (error) {
    return { error: String(error) };
  }
}

/** Undefined when the fast path declines or agrees with js-yaml; else what went wrong. */
function disagreement(text: string, fast = parseCommonYaml(text)): string | undefined {
  if (fast === NOT_HANDLED) return undefined;
  const expected = jsYaml(text);
  if ('error' in expected) return `accepted what js-yaml refuses (${expected.error.split('\n')[0]})`;
  if (!isDeepStrictEqual(fast, expected.data)) return `read ${JSON.stringify(fast)?.slice(0, 400)}\n  js-yaml reads ${JSON.stringify(expected.data)?.slice(0, 400)}`;
  return undefined;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
    .sort();
}

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

test('every YAML file of the fixtures reads as js-yaml reads it, and every real spec among them takes the fast path', () => {
  const files = yamlFiles(FIXTURES);
  assert.ok(files.length > 500, `${files.length} YAML fixtures`);
  const problems: string[] = [];
  const declinedRealSpecs: string[] = [];
  for (const file of files) {
    const text = withoutBom(readFileSync(file, 'utf8'));
    const fast = parseCommonYaml(text);
    const problem = disagreement(text, fast);
    if (problem) problems.push(`${relative(FIXTURES, file)}: ${problem}`);
    if (file.includes('/real-specs/') && fast === NOT_HANDLED) declinedRealSpecs.push(relative(FIXTURES, file));
  }
  assert.equal(problems, []);
  assert.equal(declinedRealSpecs, [], 'real specs left to js-yaml');
});

/** Documents the fast path reads (and must read as js-yaml does). */
const HANDLED: Record<string, string> = {
  'folded scalars: lines joined, blank lines kept, more-indented lines kept as they are':
    'a: >\n  one\n  two\n\n  three\n    indented\n  back\nb: >-\n  stripped\n\nc: >+\n  kept\n\n\nd: x\n',
  'literal scalars with each chomping, and leading blank lines': 'a: |\n  one\n    two\n\n  three\nb: |-\n\n  x\nc: |+\n  y\n\n',
  'a block scalar header with a comment, and an empty block scalar': 'a: | # note\n  text\nb: >-\nc: 1\n',
  'a block scalar ended by a comment line or by the end of the text': 'a: |\n  x\n# c\nb: >\n  y',
  'multi-line plain scalars, with blank lines between': 'a: one\n  two\n\n  three\n   four\nb: not a sequence\n  - here\n',
  'plain scalars ended by a comment, and # inside a scalar': 'a: b # c\nd: e#f\ng: "h" # i\nj: \'k\'#l\n',
  'single-quoted scalars: quotes doubled, lines folded': "a: 'it''s'\nb: 'one\n  two\n\n  three'\n'quoted key': x\n",
  'double-quoted scalars: escapes and folded lines':
    'a: "tab\\t nl\\n u\\u00e9 x\\x41 U\\U0001F600 nel\\N nbsp\\_ ls\\L ps\\P slash\\/ bs\\\\ q\\" e\\e z\\0"\nb: "one\n  two\\\n  three"\n"k": v\n',
  'scalars resolved by js-yaml\'s own core types': 'a: [~, null, Null, true, False, 12, -7, 0x1F, 0o17, 1_000, 1.5, .5, 1e3, -.inf, .NaN, 012, 1.2.3, yes, on]\n',
  'keys resolved and then made strings': '200: a\n1e3: b\n0x1F: c\n~: d\ntrue: e\n.inf: f\n-0: g\n',
  'block sequences: compact mappings, nested compact sequences, empty entries': 'a:\n- x: 1\n  y: 2\n- - p\n  - q\n-\n  z: 3\n- \n-\nb: 1\n',
  'a sequence at its key\'s indentation, and inside a compact mapping': 'a:\n- 1\n- k:\n  - 2\n  - 3\n  l: 4\nb: 5\n',
  'flow collections, nested and over several lines': "a: [1, 'two', \"three\", [4, {five: 5}], {}]\nb: {x: 1, \"y\":2, 'z': [a, b], w}\nc: [\n  one, # note\n  two,\n]\nd: {a: , b: 1}\n",
  'flow plain scalars with colons and dashes': 'a: [http://x.io/a, -1, a:b, -x]\n',
  'explicit keys as emitters write long keys': '? a very long key\n: value\n? k2\n: compact: mapping\n  next: entry\n? lonely\nz: 1\ny:\n- ? in a sequence\n  : - entry\n',
  'values below their keys: mappings, sequences, scalars, flow': 'a:\n  b: 1\nc:\n  - 2\nd:\n  plain\n  text\ne:\n  [1, 2]\nf:\n  \'q\'\ng:\n  |\n    block\n',
  'comments and blank lines everywhere, a root indented': '# top\n\n  a: 1 # c\n  # inner\n\n  b:\n    # before\n    c: 2\n',
  'empty values and trailing spaces': 'a:\nb:   \nc: x   \nd: ~\n',
  'a root sequence': '- 1\n- a: 2\n- [3]\n',
  'non-ASCII text and surrogate pairs': 'ü: "é"\nemoji: 😀 ok\n',
  'integer-like keys keep JavaScript\'s key order, as js-yaml\'s objects do': 'b: 1\n2: 2\na: 3\n1: 4\n',
  'a document without a final line break': 'a: 1\nb: text',
};

for (const [name, text] of Object.entries(HANDLED)) {
  test(`read as js-yaml reads it: ${name}`, () => {
    const fast = parseCommonYaml(text);
    assert.is.not(fast, NOT_HANDLED, 'the fast path reads it');
    const expected = jsYaml(text);
    assert.ok('data' in expected, `js-yaml reads it: ${'error' in expected ? expected.error : ''}`);
    assert.equal(fast, (expected as { data: unknown }).data);
  });
}

/** Documents the fast path leaves to js-yaml: what it does not read, and what js-yaml refuses. */
const DECLINED: Record<string, string> = {
  'anchors and aliases': 'a: &x 1\nb: *x\n',
  'merge keys': 'a: {x: 1}\nb:\n  <<: {y: 2}\n',
  'tags': 'a: !!str 1\n',
  'tabs': 'a:\n\tb: 1\n',
  'CR line breaks': 'a: 1\r\nb: 2\r\n',
  'several documents': 'a: 1\n---\nb: 2\n',
  'a directive': '%YAML 1.2\n---\na: 1\n',
  'an indentation indicator': 'a: |2\n    text\n',
  'duplicate keys': 'a: 1\na: 2\n',
  'duplicate keys after resolution': '1: a\n0x1: b\n',
  'a __proto__ key': '__proto__: {x: 1}\n',
  'non-printable characters': 'a: "\u0001"\n',
  'a lone surrogate': 'a: "\ud800"\n',
  'a mapping value on its key\'s line followed by ": "': 'a: b: c\n',
  'bad indentation of a mapping entry': 'a: 1\n  b: 2\n',
  'a line that is neither key nor entry': 'a: 1\nb\n',
  'an unterminated quote': "a: 'open\n",
  'an unknown escape': 'a: "\\q"\n',
  'a key over two lines': 'a\nb: 1\n',
  'a sequence entry on a key\'s line': 'a: - 1\n',
  'an unterminated flow collection': 'a: [1, 2\n',
  'an empty document': '# only a comment\n',
  'a merge key in a flow mapping': 'a: {<<: {b: 1}}\n',
};

for (const [name, text] of Object.entries(DECLINED)) {
  test(`left to js-yaml: ${name}`, () => {
    assert.is(parseCommonYaml(text), NOT_HANDLED);
  });
}

test('nesting deeper than the fast path goes is left to js-yaml, which applies its depth limit', () => {
  const deep = `${Array.from({ length: MAX_NESTING }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n`;
  assert.is(parseCommonYaml(deep), NOT_HANDLED);
  const shallow = 'a:\n  b:\n    c: [1, [2, [3]]]\n';
  assert.equal(parseCommonYaml(shallow), { a: { b: { c: [1, [2, [3]]] } } });
});

test('a long line of many flow keys or quoted keys is read in time linear in its length', () => {
  const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}`);
  const flow = `a: {${keys.map((key) => `${key}: 1`).join(', ')}}\n`;
  const quoted = `- ${keys.map((key) => `'${key}'`).join('\n- ')}\n`;
  const started = cpuMs();
  const read = parseCommonYaml(flow) as { a: Record<string, number> };
  assert.is(Object.keys(read.a).length, keys.length);
  assert.equal(parseCommonYaml(quoted), keys);
  // Linear: well under a second. A loop to the line's end per key would take minutes (a native indexOf for it,
  // seconds at four times these keys).
  assert.ok(cpuMs() - started < 10_000, `${cpuMs() - started} ms of CPU`);
});

/** Every construct above in one document: the seed of the mutations. */
const KITCHEN_SINK = Object.values(HANDLED)
  .map((text, index) => `s${index}:\n${text.split('\n').map((line) => (line === '' ? '' : `  ${line}`)).join('\n')}`)
  .join('\n');

test('mutated documents: the fast path declines or agrees with js-yaml, never accepts what js-yaml refuses', () => {
  assert.is(disagreement(KITCHEN_SINK), undefined);
  assert.is.not(parseCommonYaml(KITCHEN_SINK), NOT_HANDLED);
  const random = seeded(33);
  const pieces = [' ', '  ', '\n', ': ', ':', '- ', '-', '#', ' #', "'", '"', '|', '>', '|-', '[', ']', '{', '}', ',', '? ', 'a', '1', '\\', '\n  ', '\n- ', 'x: ', '~', '<<', '&a ', '*a', '\t', '\n---\n', '1e3'];
  const problems: string[] = [];
  let accepted = 0;
  for (let round = 0; round < 1500; round++) {
    let text = KITCHEN_SINK;
    for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
      const at = Math.floor(random() * (text.length + 1));
      const kind = random();
      if (kind < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
      else if (kind < 0.8) text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at);
      else text = text.slice(0, at) + text.slice(at).replace(/\n {2}/, '\n ');
    }
    const fast = parseCommonYaml(text);
    const problem = disagreement(text, fast);
    if (problem) problems.push(`${JSON.stringify(text)}: ${problem}`);
    if (fast !== NOT_HANDLED) accepted++;
  }
  assert.equal(problems.slice(0, 3), []);
  assert.ok(accepted > 300, `only ${accepted} of 1500 mutations read by the fast path: the test would prove little`);
});

test.run();
