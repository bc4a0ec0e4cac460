/**
 * Terminal control sequences in a spec (an OSC 8 hyperlink, clear-screen, BEL, a one-character C1 CSI) in
 * descriptions, enum values and property names never reach the terminal raw in any text output; specver's
 * own colours still do. JSON output keeps the exact strings.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BASE_SPEC, baseProject } from '../helpers/bad-input.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { terminalSafe } from '../../src/cli/terminal-text.ts';

const LINK = '\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007';
const CLEAR = '\u001b[2J';
const BEL = '\u0007';
const CSI = '\u009b31m';
const HOSTILE = `${LINK}${CLEAR}${BEL}${CSI}`;

/** The base spec with hostile text in a description, an enum, a property name and an operation summary. */
const REVISION = BASE_SPEC.replace('    get:\n', `    get:\n      summary: ${JSON.stringify(`list ${HOSTILE}`)}\n`)
  .replace('schema: { type: integer, maximum: 100 }', `schema: { type: integer, maximum: 100, description: ${JSON.stringify(HOSTILE)} }`)
  .replace('        name: { type: string }\n', `        name: { type: string, enum: [${JSON.stringify(`a${HOSTILE}`)}] }\n        ${JSON.stringify(`p${HOSTILE}`)}: { type: string }\n`)
  .replace('      required: [id]', `      required: [id]\n      description: ${JSON.stringify(HOSTILE)}`);

/** Nothing but specver's own colour codes (SGR `ESC [ n m`) may carry a control character. */
function assertTerminalSafe(text: string, label: string): void {
  const rest = text.replace(/\u001b\[\d+m/g, '');
  assert.not.match(rest, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, `${label}: ${JSON.stringify(rest.slice(0, 300))}`);
}

test('terminalSafe shows control characters escaped and keeps tab and newline', () => {
  assert.is(terminalSafe(`a${CLEAR}b${BEL}\u009b\tc\r\nd\re\u007f`), 'a\\x1b[2Jb\\x07\\x9b\tc\nd\\x0de\\x7f');
});

test('text outputs of diff, breaking, lint and status carry no control sequence from the spec', async () => {
  const p = baseProject();
  p.write('api/pets.yaml', REVISION);
  p.write('.specver/changesets/hostile-summary-here.md', `---\n"pets": patch\n---\n\nSummary ${HOSTILE}\n`);
  const runs: string[][] = [
    ['diff'], ['diff', '--format', 'markdown'], ['diff', '--verbose'], ['breaking'], ['breaking', '--format', 'github'], ['breaking', '--format', 'junit'],
    ['lint'], ['lint', '--format', 'stylish'], ['lint', '--format', 'github'], ['lint', '--format', 'junit'], ['status'],
  ];
  let escapedSeen = false;
  for (const argv of runs) {
    for (const env of [{}, { NO_COLOR: undefined, FORCE_COLOR: '1' }]) {
      const result = await runSpecver(argv, { cwd: p.dir, env });
      const label = `${argv.join(' ')} ${JSON.stringify(env)}`;
      assert.ok(result.exitCode <= 1, `${label}: ${result.stderr}`);
      assertTerminalSafe(result.stdout, `${label} stdout`);
      assertTerminalSafe(result.stderr, `${label} stderr`);
      escapedSeen ||= result.stdout.includes('\\x1b[2J');
    }
  }
  assert.ok(escapedSeen, 'the hostile text is shown, escaped');
  // specver's own colouring still works when forced.
  const coloured = await runSpecver(['breaking'], { cwd: p.dir, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
  assert.match(coloured.stdout, '\u001b[33m[non-breaking]\u001b[39m');
  assert.match(coloured.stdout, '\\x1b]8;;https://evil.example/\\x07');
});

test('a spec value cannot start a CI workflow command line, except in --format github', async () => {
  const p = baseProject();
  const injected = 'evil\n::add-mask::x\n  ::error::forged';
  p.write('api/pets.yaml', BASE_SPEC.replace('        name: { type: string }\n', `        name: { type: string }\n        ${JSON.stringify(injected)}: { type: string }\n`));
  for (const argv of [['diff'], ['breaking'], ['breaking', '--format', 'junit'], ['diff', '--format', 'markdown']]) {
    const result = await runSpecver(argv, { cwd: p.dir });
    assert.not.match(result.stdout, /^\s*::/m, argv.join(' '));
  }
  assert.match((await runSpecver(['diff'], { cwd: p.dir })).stdout, /^\\x3a:add-mask::x$/m);
  const github = await runSpecver(['breaking', '--format', 'github'], { cwd: p.dir });
  assert.ok(github.stdout.split('\n').filter((line) => line.startsWith('::')).every((line) => /^::(error|warning|notice) /.test(line)), github.stdout);
});

test('JSON output keeps the exact strings, with C1 characters as \\u escapes', async () => {
  const p = baseProject();
  p.write('api/pets.yaml', REVISION);
  for (const argv of [['diff', '--json'], ['breaking', '--json'], ['lint', '--format', 'sarif']]) {
    const result = await runSpecver(argv, { cwd: p.dir });
    assert.not.match(result.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, argv.join(' '));
  }
  const diff = await runSpecver(['diff', '--json'], { cwd: p.dir });
  assert.ok(diff.stdout.includes('\\u009b31m'), 'C1 written as a JSON escape');
  assert.ok(JSON.stringify(diff.json()).includes(JSON.stringify(`p${HOSTILE}`).slice(1, -1)), 'property name exact');
});

test.run();
