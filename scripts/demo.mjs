#!/usr/bin/env node
// The 60-second tour: copy the bundled example project to a temp dir, init, edit a spec, then run the
// everyday commands on it. Uses the built CLI (dist/), building it first when needed.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/main.cjs');
const keep = process.argv.includes('--keep');
const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (t) => (tty ? `\u001b[1m${t}\u001b[0m` : t);
const dim = (t) => (tty ? `\u001b[2m${t}\u001b[0m` : t);

if (!existsSync(cli) || statSync(cli).mtimeMs < statSync(join(root, 'src/main.ts')).mtimeMs) {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}

const dir = mkdtempSync(join(tmpdir(), 'specver-demo-'));
// Removed however the demo ends (a failed step included), unless asked to keep it.
process.once('exit', () => keep || rmSync(dir, { recursive: true, force: true }));
cpSync(join(root, 'fixtures/projects/petstore'), dir, { recursive: true });
const git = (...args) => spawnSync('git', args, { cwd: dir, stdio: 'ignore' });
git('init', '-q');
git('-c', 'user.name=demo', '-c', 'user.email=demo@example.com', 'add', '-A');
git('-c', 'user.name=demo', '-c', 'user.email=demo@example.com', 'commit', '-qm', 'example project');

function specver(...args) {
  process.stdout.write(`\n${bold(`$ specver ${args.join(' ')}`)}\n`);
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: dir,
    env: { ...process.env, CI: 'true' },
    encoding: 'utf8',
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.stdout.write(`${dim(`(exit ${result.status})`)}\n`);
  return result.status;
}

function edit(file, from, to) {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`demo edit failed: '${from}' not found in ${file}`);
  writeFileSync(path, text.replace(from, () => to));
}

console.log(`Example project copied to ${dir}`);
specver('init', '--initial-version', '1.0.0');

console.log('\nEditing api/petstore.yaml: lower the limit maximum, add an optional filter, reword a summary;');
console.log('editing schemas/order-event.schema.json: add an optional property.');
edit('api/petstore.yaml', '        maximum: 100', '        maximum: 50');
edit(
  'api/petstore.yaml',
  "        - name: status\n          in: query",
  "        - name: tag\n          in: query\n          description: Only pets with this tag.\n          schema:\n            type: string\n        - name: status\n          in: query",
);
edit('api/petstore.yaml', 'summary: Get a pet', 'summary: Get one pet by id');
const event = JSON.parse(readFileSync(join(dir, 'schemas/order-event.schema.json'), 'utf8'));
if (event.properties) {
  event.properties.channel = { type: 'string', description: 'Where the order was placed.' };
  writeFileSync(join(dir, 'schemas/order-event.schema.json'), `${JSON.stringify(event, null, 2)}\n`);
}

specver('diff');
specver('diff', 'petstore', '--format', 'markdown');
specver('breaking');
specver('changeset', '--no-interactive');
specver('status');
specver('version', '--dry-run');
specver('version');
specver('status');

if (keep) console.log(`\nThe project is kept at ${dir}`);
