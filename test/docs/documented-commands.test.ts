/** Every specver command and flag written in README.md and docs/ exists, with valid choice values. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Command, Option } from 'commander';
import { buildProgram } from '../../src/cli/program.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const GENERATED = new Set(['docs/rules.md', 'docs/configuration.md']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const files = [join(REPO_ROOT, 'README.md'), ...markdownFiles(join(REPO_ROOT, 'docs'))].filter(
  (file) => !GENERATED.has(relative(REPO_ROOT, file)),
);

/** `specver ...` invocations: inside code blocks, and inline code spans that start with `specver `. */
function invocations(text: string): string[] {
  const found: string[] = [];
  for (const block of text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.split('\n')) {
      const match = /(?:^|\$ |npx |\(|^\s*-?\s*run: npx )specver( [^#|>;)&]*)?/.exec(line.trim());
      if (match && !line.trim().startsWith('"') && !line.includes('specver/')) found.push(`specver${match[1] ?? ''}`.trim());
    }
  }
  for (const span of text.matchAll(/`((?:npx )?specver [^`]+)`/g)) found.push(span[1]!.replace(/^npx /, ''));
  return found;
}

const { program } = buildProgram({ cwd: REPO_ROOT, env: {}, streams: { stdout: { write: () => true }, stderr: { write: () => true } } }, '0.0.0');
const optionName = (o: Option) => [o.long, o.short].filter(Boolean) as string[];

function check(invocation: string): string | undefined {
  const tokens = invocation.split(/\s+/).slice(1).filter(Boolean);
  let command: Command = program;
  const options: Option[] = [...program.options];
  let index = 0;
  for (; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.startsWith('-')) break;
    const sub = command.commands.find((c) => c.name() === token);
    if (!sub) break;
    command = sub;
    options.push(...sub.options);
  }
  for (; index < tokens.length; index++) {
    const token = tokens[index]!;
    // `-` alone is an argument (stdin), not an option.
    if (!token.startsWith('-') || token === '--' || token === '-') continue;
    const [flag, inline] = token.split('=') as [string, string | undefined];
    if (['-h', '--help', '--version'].includes(flag)) continue;
    const option = options.find((o) => optionName(o).includes(flag));
    if (!option) return `unknown option ${flag} for '${command.name()}'`;
    const value = inline ?? (option.required || option.optional ? tokens[index + 1] : undefined);
    if (option.argChoices && value && !/[<|[]/.test(value) && !option.argChoices.includes(value)) {
      return `${flag} ${value}: not one of ${option.argChoices.join(', ')}`;
    }
  }
  return undefined;
}

test('the docs mention a good number of invocations (the extractor works)', () => {
  const all = files.flatMap((file) => invocations(readFileSync(file, 'utf8')));
  assert.ok(all.length > 40, String(all.length));
  assert.ok(all.includes('specver breaking --base origin/main'), 'shell.md example not found');
});

test('the checker catches unknown flags and bad choices', () => {
  assert.ok(check('specver diff --no-such-flag'));
  assert.ok(check('specver diff --format xml'));
  assert.is(check('specver diff --format markdown --severity breaking'), undefined);
  assert.is(check('specver changeset --no-interactive -m x'), undefined);
  assert.is(check('specver diff - new.yaml --format json'), undefined);
});

for (const file of files) {
  test(`${relative(REPO_ROOT, file)}: documented commands and flags exist`, () => {
    const problems = invocations(readFileSync(file, 'utf8'))
      .map((line) => [line, check(line)] as const)
      .filter(([, problem]) => problem)
      .map(([line, problem]) => `${line}: ${problem}`);
    assert.equal(problems, []);
  });
}

test.run();
