#!/usr/bin/env -S node --import tsx
/**
 * `npm run docs`: regenerates docs/rules.md (from rules/ and their fixtures), docs/configuration.md
 * (from schemas/config.schema.json) and the lint functions and aliases tables of docs/custom-rules.md. `generatedDocs()` renders both in memory; the docs test compares them
 * with the committed files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, visit } from 'yaml';
import { loadRuleCatalogue } from '../src/classify/classify.ts';
import { caseData, runCaseFile, type RuleCase } from '../src/classify/rule-tester.ts';
import { builtInRules } from '../src/ruleset/load-rules.ts';
import { builtinLintRules } from '../src/lint/load-lint-rules.ts';
import { renderLintCoveragePage, type PeerRulesets } from '../src/report/lint-coverage-doc.ts';
import { lintText } from '../src/lint/lint-contracts.ts';
import { buildRuleCatalogue, type RuleEntry } from '../src/report/rules-catalogue.ts';
import { renderRulesDocs, type RuleExample } from '../src/report/rules-doc.ts';
import { renderChangeKindsPage } from '../src/report/change-kinds-doc.ts';
import { renderLintFunctionsSection, spliceFunctionsSection } from '../src/report/lint-functions-doc.ts';
import { FUNCTIONS } from '../src/lint/functions/index.ts';
import { aliasDefinitions } from '../src/lint/aliases.ts';
import { changeKinds } from '../src/ruleset/change-kinds.ts';
import { parse } from 'yaml';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** YAML with small collections written inline, so examples stay short. */
function yamlText(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Map: (_key, node) => void (JSON.stringify(node.toJSON()).length <= 60 && (node.flow = true)),
    Seq: (_key, node) => void (JSON.stringify(node.toJSON()).length <= 60 && (node.flow = true)),
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}

const SHORTHANDS: [key: 'request' | 'response' | 'parameter', label: string][] = [
  ['request', 'request body schema'],
  ['response', 'response schema'],
  ['parameter', 'parameter'],
];

async function classifyExample(rule: RuleEntry, file: string): Promise<RuleExample | undefined> {
  const caseFile = join(ROOT, 'fixtures/rules', rule.format ?? 'openapi', `${rule.id}.yaml`);
  if (!existsSync(caseFile)) return undefined;
  // Read as `specver rules test` reads it.
  const data = caseData(readFileSync(caseFile, 'utf8'), caseFile) as { fires?: RuleCase[] };
  const first = data.fires?.[0];
  if (!first) return undefined;
  const blocks: RuleExample['blocks'] = [];
  const shorthand = SHORTHANDS.find(([key]) => first[key]);
  if (shorthand) {
    const [key, label] = shorthand;
    blocks.push([`Base ${label}`, yamlText(first[key]!.base)], [`Revision ${label}`, yamlText(first[key]!.revision)]);
  } else {
    blocks.push(['Base', yamlText(first.base ?? {})], ['Revision', yamlText(first.revision ?? {})]);
  }
  // Only the case shown is run (as `specver rules test` would run it), not the rule's whole case file.
  const definition = builtInRules().find((r) => r.file === file);
  const [result] = definition ? await runCaseFile({ rule: rule.id, fires: [first], quiet: [] }, definition, builtInRules()) : [];
  const reported = result?.findings.filter((f) => f.rule === rule.id).map((f) => ({ message: f.message, location: f.location }));
  return { name: first.name, blocks, reported };
}

async function lintExample(rule: RuleEntry): Promise<RuleExample | undefined> {
  const caseFile = join(ROOT, 'fixtures/lint', `${rule.id}.yaml`);
  if (!existsSync(caseFile)) return undefined;
  const data = parse(readFileSync(caseFile, 'utf8')) as { fire?: { name: string; document: string; fileName?: string }[] };
  const first = data.fire?.[0];
  if (!first) return undefined;
  // A rule off by default is shown as it reports once enabled.
  const rules = builtinLintRules().filter((r) => r.id === rule.id && (!rule.format || r.format === rule.format)).map((r) => (r.severity === 'off' ? { ...r, severity: 'warn' as const } : r));
  const reported = (await lintText(first.document, first.fileName ?? 'spec.yaml', rules, rules[0]?.format)).map((v) => ({ message: v.message, location: v.pointer }));
  return { name: first.name, blocks: [['Document', first.document]], reported };
}

/** docs/rules.md and docs/rules/<group>.md (keys relative to docs/). */
export async function renderRulesPages(): Promise<Map<string, string>> {
  const classify = (await loadRuleCatalogue()).filter((r) => r.builtIn);
  const lint = builtinLintRules();
  const entries = buildRuleCatalogue({ classify, lint, builtInLintIds: new Set(lint.map((r) => r.id)), packageRoot: ROOT });
  const examples = new Map<string, RuleExample>();
  const files = new Map(classify.map((r) => [r.id, r.file]));
  for (const entry of entries) {
    const example = entry.kind === 'classify' ? await classifyExample(entry, files.get(entry.id)!) : await lintExample(entry);
    if (example) examples.set(`${entry.kind}:${entry.id}`, example);
  }
  return renderRulesDocs(entries, examples);
}

type Schema = Record<string, any>;

function deref(root: Schema, schema: Schema): Schema {
  if (typeof schema?.$ref !== 'string' || !schema.$ref.startsWith('#/$defs/')) return schema;
  const target = root.$defs[schema.$ref.slice('#/$defs/'.length)];
  const { $ref: _ref, ...rest } = schema;
  return { ...deref(root, target), ...rest, description: rest.description ?? target.description };
}

function typeOf(root: Schema, schema: Schema): string {
  if (schema.$ref) return typeOf(root, deref(root, schema));
  if (schema.enum) return schema.enum.map((v: unknown) => `\`${JSON.stringify(v).replace(/"/g, '')}\``).join(' | ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.oneOf) return schema.oneOf.map((s: Schema) => typeOf(root, s)).join(' or ');
  if (schema.type === 'array') return `list of ${schema.items ? typeOf(root, schema.items).replace(/^object$/, 'objects').replace(/^string$/, 'strings') : 'values'}`;
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of ${schema.propertyNames?.pattern ? 'URL prefix' : 'rule id'} → ${typeOf(root, schema.additionalProperties)}`;
  }
  return schema.type ?? 'any';
}

interface ConfigRow { key: string; type: string; default?: unknown; required: boolean; description: string }

function configRows(root: Schema, schema: Schema, prefix: string, rows: ConfigRow[]): void {
  const required = new Set<string>(schema.required ?? []);
  for (const [name, raw] of Object.entries<Schema>(schema.properties ?? {})) {
    if (name === '$schema') continue;
    const property = deref(root, raw);
    const key = `${prefix}${name}`;
    const row: ConfigRow = { key, type: typeOf(root, property), required: required.has(name), description: property.description ?? '' };
    if (property.default !== undefined) row.default = property.default;
    rows.push(row);
    if (property.type === 'object' && property.properties) configRows(root, property, `${key}.`, rows);
    const items = property.items ? deref(root, property.items) : undefined;
    if (property.type === 'array' && items?.properties) configRows(root, items, `${key}[].`, rows);
  }
}

const CONFIG_EXAMPLE = `# yaml-language-server: $schema=./node_modules/specver/schemas/config.schema.json
versioning: independent
contracts:
  - name: petstore
    format: openapi
    path: api/petstore.yaml
  - name: order-event
    format: json-schema
    path: schemas/order-event.schema.json
    compatibility: backward
rules:
  files: [specver-rules/operation-removed-internal.json]
  severity:
    response-property-enum-value-added: non-breaking
    operation-summary-changed: off
  overrides:                     # scoped severities; a later block wins
    - paths: ['/internal/**']
      severity: { request-parameter-enum-value-removed: non-breaking }
    - contracts: ['legacy-*']
      severity: { documentation: off }
lint:
  files: [specver-rules/info-owner.json]
  severity:
    info-contact: off
  overrides:
    - pointers: ['/paths/~1internal*/**']
      severity: { operation-tags: off }
changelog: CHANGELOG.md
syncInfoVersion: true            # version writes the new version into OpenAPI specs' info.version
git:
  commit: false
  tag: false
refs:
  map:
    https://schemas.example.com/: vendor/schemas
`;

/** docs/configuration.md */
export function renderConfigurationPage(): string {
  const root = JSON.parse(readFileSync(join(ROOT, 'schemas/config.schema.json'), 'utf8')) as Schema;
  const rows: ConfigRow[] = [];
  configRows(root, root, '', rows);
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out = [
    '# Configuration reference (`specver.yaml`)',
    '',
    '<!-- Generated by `npm run docs` from schemas/config.schema.json. Do not edit by hand. -->',
    '',
    root.description,
    '',
    'specver reads `specver.yaml` from the current directory or the nearest parent directory; `-c/--config <path>`',
    'names it explicitly. `specver init` writes one for the specs it finds. The file is validated against',
    '[`schemas/config.schema.json`](../schemas/config.schema.json): any problem stops every command with exit code 2',
    'and a message naming the line. Editors that understand the `yaml-language-server` comment complete and check',
    'the file as you type.',
    '',
    '## Example',
    '',
    '```yaml',
    CONFIG_EXAMPLE.trimEnd(),
    '```',
    '',
    '## Fields',
    '',
    '| Key | Type | Default | Description |',
    '|---|---|---|---|',
  ];
  for (const row of rows) {
    const fallback = row.required ? 'required' : row.default === undefined ? '' : `\`${JSON.stringify(row.default)}\``;
    out.push(`| \`${row.key}\` | ${cell(row.type)} | ${fallback} | ${cell(row.description)} |`);
  }
  out.push(
    '',
    'See also: [severity overrides](severity-overrides.md), [custom rules](custom-rules.md),',
    '[compatibility modes](compatibility.md), [pre-releases](pre-release.md).',
    '',
  );
  return out.join('\n');
}

function rulesByKind(rules: { id: string; on: { kind: string[] } }[]): Map<string, string[]> {
  const byKind = new Map<string, string[]>();
  for (const rule of rules) for (const kind of rule.on.kind) byKind.set(kind, [...(byKind.get(kind) ?? []), rule.id]);
  return byKind;
}

/** The peer linters' rule sets and where specver differs (rules/lint/peer-rulesets.json). */
export function peerRulesets(): PeerRulesets {
  return JSON.parse(readFileSync(join(ROOT, 'rules/lint/peer-rulesets.json'), 'utf8')) as PeerRulesets;
}

/** Every generated page: path relative to the repository root -> content. */
export async function generatedDocs(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const [path, content] of await renderRulesPages()) pages.set(`docs/${path}`, content);
  pages.set('docs/configuration.md', renderConfigurationPage());
  pages.set('docs/change-kinds.md', renderChangeKindsPage(changeKinds(), rulesByKind(await loadRuleCatalogue())));
  pages.set('docs/lint-coverage.md', renderLintCoveragePage(builtinLintRules(), peerRulesets()));
  const customRules = readFileSync(join(ROOT, 'docs/custom-rules.md'), 'utf8');
  pages.set('docs/custom-rules.md', spliceFunctionsSection(customRules, renderLintFunctionsSection(Object.values(FUNCTIONS), aliasDefinitions())));
  return pages;
}

/** Generated pages on disk that the generator no longer produces (a rule group that disappeared). */
export function orphanedPages(pages: Map<string, string>): string[] {
  const dir = join(ROOT, 'docs/rules');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/rules/${name}`)
    .filter((path) => !pages.has(path));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pages = await generatedDocs();
  for (const path of orphanedPages(pages)) {
    rmSync(join(ROOT, path));
    console.log(`removed ${path}`);
  }
  mkdirSync(join(ROOT, 'docs/rules'), { recursive: true });
  for (const [path, content] of pages) {
    const file = join(ROOT, path);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === content) console.log(`${path} is up to date`);
    else {
      writeFileSync(file, content);
      console.log(`wrote ${path}`);
    }
  }
}
