/**
 * Reads that cannot hang or exhaust memory on hostile input: only regular files, up to a size limit.
 * The file is opened non-blocking and judged by fstat on the open descriptor, so a FIFO cannot block the
 * open, and a device (`/dev/zero`, `/dev/urandom`), a directory or an oversized file is refused before a
 * byte is read. Refusals are one-line ConfigErrors (exit 2) carrying an errno-like `code`; a missing file
 * keeps its ENOENT/ENOTDIR error, so callers decide what "missing" means.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { fsPromises } from '../toolkit/lazy-builtins.ts';
import { ConfigError } from '../errors.ts';

const MiB = 1024 * 1024;

/** Size limits per kind of file (documented in docs/guarantees.md). */
export const READ_LIMITS = {
  /** Spec files, `$ref` targets, snapshots. */
  spec: 256 * MiB,
  /** The version journal, which holds every snapshot of a run (kept below V8's largest string). */
  journal: 384 * MiB,
  /** Rule files (`rules.files`, `lint.files`) and the changelog. */
  rules: 16 * MiB,
  changelog: 64 * MiB,
  /** specver.yaml, versions.json, pre.json. */
  config: 4 * MiB,
  changeset: 1 * MiB,
} as const;

export interface ReadLimits {
  /** Largest accepted size in bytes. */
  limit: number;
  /** How the file is named in messages. */
  shown: string;
  /** A hint for the refusal messages. */
  hint?: string;
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function refusal(message: string, code: string, options: ReadLimits, cause?: unknown): ConfigError {
  return Object.assign(new ConfigError(message, { file: options.shown, hint: options.hint, cause }), { code });
}

function describeSize(bytes: number): string {
  return bytes >= MiB ? `${Math.ceil(bytes / MiB)} MiB` : `${bytes} bytes`;
}

/** Judges the open file; returns the size of the first read (the reported size, plus one to see EOF). */
function judge(info: Stats, options: ReadLimits): number {
  if (info.isDirectory()) throw refusal(`${options.shown} is a directory, not a file`, 'EISDIR', options);
  if (!info.isFile()) {
    const kind = info.isFIFO() ? 'a FIFO' : info.isSocket() ? 'a socket' : info.isCharacterDevice() || info.isBlockDevice() ? 'a device' : 'not a file';
    throw refusal(`${options.shown} is ${kind}, not a regular file`, 'ENOTREG', options);
  }
  if (info.size > options.limit) throw tooLarge(options);
  return info.size + 1;
}

/** Next read size: what the file reported first, then 1 MiB at a time, never past limit + 1 in all. */
function chunkSize(first: number, total: number, limit: number): number {
  return Math.max(1, Math.min(limit + 1 - total, total === 0 ? first : MiB));
}

function tooLarge(options: ReadLimits): ConfigError {
  return refusal(`${options.shown} is too large (over ${describeSize(options.limit)}, the limit for this kind of file)`, 'EFBIG', options);
}

/** Errors of open(2) as one line; a missing file keeps its own error. */
function openFailure(error: unknown, options: ReadLimits): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return error;
  if (code === 'EACCES' || code === 'EPERM') return refusal(`cannot read ${options.shown}: permission denied`, code, { ...options, hint: options.hint ?? 'check the file permissions' }, error);
  if (code === 'ELOOP') return refusal(`cannot read ${options.shown}: too many levels of symlinks`, code, options, error);
  if (code === 'EISDIR') return refusal(`${options.shown} is a directory, not a file`, code, options, error);
  return refusal(`cannot read ${options.shown}: ${code ?? String(error)}`, code ?? 'EIO', options, error);
}

function decode(chunks: Buffer[], total: number): string {
  // The usual case is one read of the whole file: decode it in place instead of copying it first.
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, total).toString('utf8');
}

/** Reads a regular file as UTF-8 text, refusing anything else (see the module comment). */
export async function readRegularFile(path: string, options: ReadLimits): Promise<string> {
  let handle;
  try {
    handle = await fsPromises().open(path, FLAGS);
  } catch (error) {
    throw openFailure(error, options);
  }
  try {
    const first = judge(await handle.stat(), options);
    // Read at most limit + 1 bytes: a file that grows, or reports a wrong size, still cannot exceed it.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(chunkSize(first, total, options.limit));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > options.limit) throw tooLarge(options);
      // A regular file reads short only at its end: fewer bytes than asked for (size + 1) means we have it all.
      if (bytesRead < buffer.length) break;
    }
    return decode(chunks, total);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw openFailure(error, options);
  } finally {
    await handle.close();
  }
}

/** readRegularFile for synchronous callers. */
export function readRegularFileSync(path: string, options: ReadLimits): string {
  let fd: number;
  try {
    fd = openSync(path, FLAGS);
  } catch (error) {
    throw openFailure(error, options);
  }
  try {
    const first = judge(fstatSync(fd), options);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(chunkSize(first, total, options.limit));
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > options.limit) throw tooLarge(options);
      if (bytesRead < buffer.length) break; // short read of a regular file: its end
    }
    return decode(chunks, total);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw openFailure(error, options);
  } finally {
    closeSync(fd);
  }
}

/** readRegularFile, with null for a file that does not exist. */
export async function readOptionalRegularFile(path: string, options: ReadLimits): Promise<string | null> {
  try {
    return await readRegularFile(path, options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!(error instanceof ConfigError) && (code === 'ENOENT' || code === 'ENOTDIR')) return null;
    throw error;
  }
}
