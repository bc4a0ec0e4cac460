/** The layout of the `.specver/` state directory. Everything specver keeps between runs lives here. */
import { join } from 'node:path';

export const STATE_DIR_NAME = '.specver';

/** `<root>/.specver` */
export function stateDir(root: string): string {
  return join(root, STATE_DIR_NAME);
}

/** `<root>/.specver/snapshots` */
export function snapshotsDir(root: string): string {
  return join(stateDir(root), 'snapshots');
}

/** File name of a snapshot: `<name>@<version>.<ext>` (ext without the dot). */
export function snapshotFileName(name: string, version: string, ext: string): string {
  return `${name}@${version}.${ext}`;
}

/** `<root>/.specver/versions.json` */
export function versionsFile(root: string): string {
  return join(stateDir(root), 'versions.json');
}

/** `<root>/.specver/pre.json` */
export function preFile(root: string): string {
  return join(stateDir(root), 'pre.json');
}

/** `<root>/.specver/changesets` */
export function changesetsDir(root: string): string {
  return join(stateDir(root), 'changesets');
}

/** `<root>/.specver/.lock` */
export function lockFile(root: string): string {
  return join(stateDir(root), '.lock');
}

/** `<root>/.specver/.gitignore`: keeps the lock and interrupted writes' temp files out of commits. */
export function stateGitignoreFile(root: string): string {
  return join(stateDir(root), '.gitignore');
}

export const STATE_GITIGNORE = '# written by specver init: transient files of running specver commands\n.lock\n.*.tmp\n';
