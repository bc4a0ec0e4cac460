/** Relative links in README.md and docs/ point at files that exist (and at headings that exist, in generated pages). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../helpers/temp-project.ts';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

/** The heading slugs of each linked page, read once: many links point into the same few pages. */
const headingsOf = new Map<string, Set<string>>();
function headings(file: string): Set<string> {
  let found = headingsOf.get(file);
  if (!found) headingsOf.set(file, (found = new Set([...readFileSync(file, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!.replace(/`/g, ''))))));
  return found;
}

for (const file of [join(REPO_ROOT, 'README.md'), ...markdownFiles(join(REPO_ROOT, 'docs'))]) {
  test(`${relative(REPO_ROOT, file)}: relative links resolve`, () => {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue;
      const [path, fragment] = target!.split('#') as [string, string | undefined];
      const full = resolve(dirname(file), path);
      if (!existsSync(full)) {
        broken.push(target!);
        continue;
      }
      if (fragment && full.endsWith('.md') && !headings(full).has(fragment)) broken.push(target!);
    }
    assert.equal(broken, []);
  });
}

test.run();
