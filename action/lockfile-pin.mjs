// The specver pin of a lockfile, as text that changes whenever what the package manager installs for specver
// changes, and the versions it pins: so a pull request's lockfile can be compared with the one at its base.
// Pure and dependency-free (the selection step runs before the Action's own packages are installed).

/** The version part of a pnpm key or value: `1.2.3` of `1.2.3(typescript@5.4.0)` or `1.2.3_typescript@5.4.0`. */
function bareVersion(text) {
  const version = text.trim().replace(/^['"]|['"]$/g, '').split(/[(_]/)[0];
  return /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/.test(version) ? version : undefined;
}

/** A version as a package manager writes one; anything else (a newline, a workflow command) is never printed. */
const isVersionText = (text) => typeof text === 'string' && /^[0-9A-Za-z.+-]{1,64}$/.test(text);

function pin(entries, versions) {
  return entries.length === 0 ? undefined : { entry: entries.join('\n'), versions: [...new Set(versions.filter(isVersionText))] };
}

/**
 * package-lock.json / npm-shrinkwrap.json: the top-level `node_modules/specver` package entry (lockfileVersion 2
 * and 3), else `dependencies.specver` (version 1). Only what decides the installed files is compared: the
 * package (an alias names another), its version, where it comes from, its checksum, and whether it is a link.
 */
function npmPin(text) {
  let lock;
  try {
    lock = JSON.parse(text);
  } catch {
    return undefined;
  }
  const own = (object, key) => (object && typeof object === 'object' && Object.hasOwn(object, key) ? object[key] : undefined);
  const entry = own(own(lock, 'packages'), 'node_modules/specver') ?? own(own(lock, 'dependencies'), 'specver');
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const fields = Object.fromEntries(['name', 'version', 'resolved', 'integrity', 'link'].map((key) => [key, own(entry, key) ?? null]));
  return pin([JSON.stringify(fields)], [typeof fields.version === 'string' ? fields.version : undefined]);
}

/**
 * Blocks of an indented lockfile whose key line `isKey` accepts: the key line and every following line indented
 * deeper (or blank), trailing blank lines left out. Returns [{ key, lines }].
 */
function blocks(text, isKey) {
  const lines = text.split(/\r?\n/);
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const key = isKey(lines[i]);
    if (!key) continue;
    const indent = /^\s*/.exec(lines[i])[0].length;
    const block = [lines[i].trimEnd()];
    while (i + 1 < lines.length && (lines[i + 1].trim() === '' || /^\s*/.exec(lines[i + 1])[0].length > indent)) block.push(lines[++i].trimEnd());
    while (block.at(-1) === '') block.pop();
    found.push({ key, lines: block });
  }
  return found;
}

/**
 * pnpm-lock.yaml: every `specver` entry with its block: importers' `specver:` (with specifier and version, or
 * the version inline in lockfile 5), and packages and snapshots as `/specver@1.2.3:`, `specver@1.2.3:`,
 * `/specver/1.2.3:` (with resolution and integrity).
 */
function pnpmPin(text) {
  const found = blocks(text, (line) => /^\s+['"]?(\/?specver(?:[@/][^\s:'"]*)?)['"]?:(?:\s|$)/.exec(line)?.[1]);
  const versions = found.flatMap(({ key, lines }) => {
    const fromKey = /^\/?specver[@/](.+)$/.exec(key)?.[1];
    const inline = /:\s*(\S.*)$/.exec(lines[0])?.[1];
    const field = lines.map((line) => /^\s+version:\s*(.+)$/.exec(line)?.[1]).find(Boolean);
    return [fromKey, inline, field].filter(Boolean).map(bareVersion);
  });
  return pin(
    found.map(({ lines }) => lines.join('\n')),
    versions,
  );
}

/** yarn.lock (classic and Berry): the blocks whose header lists a `specver@` descriptor, with version and checksum. */
function yarnPin(text) {
  const isSpecverHeader = (line) => {
    if (!/^[^\s#].*:\s*$/.test(line)) return undefined;
    const descriptors = line.replace(/:\s*$/, '').split(/,\s*/).map((d) => d.trim().replace(/^"|"$/g, ''));
    return descriptors.some((d) => d.startsWith('specver@')) ? line : undefined;
  };
  const found = blocks(text, isSpecverHeader);
  const versions = found.map(({ lines }) => lines.map((line) => /^\s+version:?\s+"?([^"\s]+)"?\s*$/.exec(line)?.[1]).find(Boolean));
  return pin(
    found.map(({ lines }) => lines.join('\n')),
    versions,
  );
}

/**
 * The specver pin of lockfile `name` (its base name) with content `text`: { entry, versions } where `entry` is
 * the text to compare and `versions` the versions it pins; undefined when it pins no specver.
 */
export function specverPin(name, text) {
  if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') return npmPin(text);
  if (name === 'pnpm-lock.yaml') return pnpmPin(text);
  if (name === 'yarn.lock') return yarnPin(text);
  return undefined;
}

/**
 * Whether the project's installed specver may judge a pull request (pure): its pin `head` must be the one at the
 * merge-base (`base`, undefined when that lockfile pins none) and the installed version one it pins.
 * `at` names the merge-base in messages. Returns { trusted: true } or { trusted: false, why }.
 */
export function comparePins(lockfile, head, base, installedVersion, at) {
  const shown = (p) => (p?.versions.length ? p.versions.join(', ') : 'an entry without a version');
  if (!head) return { trusted: false, why: `${lockfile} lists specver but holds no top-level specver entry` };
  if (!base) return { trusted: false, why: `this pull request adds the specver pin to ${lockfile} (none at ${at})` };
  if (base.entry !== head.entry)
    return { trusted: false, why: `this pull request changes the specver pin in ${lockfile} (${shown(base)} at ${at}, ${shown(head)} in the pull request)` };
  if (!installedVersion || !head.versions.includes(installedVersion))
    return {
      trusted: false,
      why: `the installed node_modules/specver is ${isVersionText(installedVersion) ? `version ${installedVersion}` : 'without a readable version'}, but ${lockfile} pins ${shown(head)}: install the project's packages from the lockfile (npm ci, pnpm install --frozen-lockfile, yarn install --immutable)`,
    };
  return { trusted: true };
}
