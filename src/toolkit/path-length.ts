/**
 * Path lengths the file system accepts. A longer name fails every call with ENAMETOOLONG, which would
 * otherwise surface far from its cause (a "missing" snapshot, a path "leading outside through a symlink").
 */
import { resolve, sep } from 'node:path';

/** Bytes of one path component (NAME_MAX on Linux and macOS). */
export const MAX_NAME_BYTES = 255;
/** Bytes of a whole path, its terminating NUL left out (PATH_MAX 4096 on Linux; macOS allows 1024). */
export const MAX_PATH_BYTES = 4095;

/** A long value cut for a one-line message: its first `keep` characters and how long it was. */
export function abbreviated(value: string, keep = 60): string {
  return value.length <= keep ? value : `${value.slice(0, keep)}... (${value.length} characters)`;
}

/** Why the file system would refuse `path` (resolved against `base`) as too long, or undefined. */
export function pathLengthProblem(path: string, base = '.'): string | undefined {
  const absolute = resolve(base, path);
  const bytes = Buffer.byteLength(absolute);
  if (bytes > MAX_PATH_BYTES) return `is too long (${bytes} bytes as an absolute path; at most ${MAX_PATH_BYTES})`;
  const longest = absolute.split(sep).reduce((a, b) => (Buffer.byteLength(b) > Buffer.byteLength(a) ? b : a), '');
  const nameBytes = Buffer.byteLength(longest);
  if (nameBytes > MAX_NAME_BYTES) return `has a name too long for the file system (${abbreviated(longest, 30)}: ${nameBytes} bytes; at most ${MAX_NAME_BYTES})`;
  return undefined;
}
