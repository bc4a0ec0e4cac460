#!/usr/bin/env node
/**
 * The parse floor: read and parse spec files with one parser and do nothing else. Run in a fresh process per
 * measurement, so the time includes Node's start-up exactly as a specver run does.
 *
 *   node bench/floor-parse.mjs <json|js-yaml|yaml> <file-or-directory>...
 *
 * JSON files are always parsed with JSON.parse; the parser argument chooses the YAML parser (`yaml` uses the
 * package's fastest mode, `YAML.parse`, not a full Document). A directory (multi-file spec) is walked and every
 * .json/.yaml/.yml file in it is parsed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

const [parser, ...inputs] = process.argv.slice(2);
if (!['json', 'js-yaml', 'yaml'].includes(parser) || inputs.length === 0) {
  console.error('usage: floor-parse.mjs <json|js-yaml|yaml> <file-or-directory>...');
  process.exit(2);
}

const parseYaml =
  parser === 'js-yaml'
    ? ((await import('js-yaml')).default.load)
    : parser === 'yaml'
      ? ((await import('yaml')).default.parse)
      : undefined;

function files(input) {
  if (!statSync(input).isDirectory()) return [input];
  return readdirSync(input, { recursive: true })
    .map((f) => join(input, f))
    .filter((f) => ['.json', '.yaml', '.yml'].includes(extname(f).toLowerCase()) && statSync(f).isFile());
}

let count = 0;
for (const input of inputs) {
  for (const file of files(input)) {
    const text = readFileSync(file, 'utf8');
    const doc = extname(file).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml ? parseYaml(text) : JSON.parse(text);
    if (doc !== undefined) count++;
  }
}
process.stdout.write(`${count} documents parsed\n`);
