/**
 * The errors of a `$ref` that cannot be followed, each one line naming the `$ref` where it is written
 * (file:line), so the user is sent to the ref, not to the file it names.
 */
import { ConfigError } from '../errors.ts';
import { toPointer } from '../toolkit/json-pointer.ts';
import type { RefSite } from './ref-scan.ts';
import type { SourceFile } from './types.ts';

type WrittenAt = Pick<RefSite, 'file' | 'segments'>;

export interface RefErrors {
  /** The file (as displayed) and line of a `$ref`. */
  where(site: WrittenAt): { file: string; line: number | undefined };
  /** The referenced file could not be read; `reason` says why and names that file. */
  cannotRead(site: RefSite, reason: string, hint: string, cause?: unknown): ConfigError;
  /** The file was read but the `$ref` leads nowhere (no such pointer or anchor, a circular chain...). */
  broken(site: RefSite, why: string): ConfigError;
}

/** `files` is read when an error is made, so it may still be growing while files are read. */
export function refErrors(files: Map<string, SourceFile>, display: (file: string) => string): RefErrors {
  const where = (site: WrittenAt) => {
    const source = files.get(site.file)!;
    return { file: display(site.file), line: source.lineOf(`${toPointer(site.segments)}/$ref`) };
  };
  const at = (site: WrittenAt) => {
    const w = where(site);
    return w.line ? `${w.file}:${w.line}` : w.file;
  };
  return {
    where,
    cannotRead: (site, reason, hint, cause) =>
      new ConfigError(`${at(site)}: $ref '${site.ref}' cannot be read: ${reason}`, { ...where(site), hint, cause }),
    broken: (site, why) =>
      new ConfigError(`${at(site)}: $ref '${site.ref}' is broken: ${why}`, { ...where(site), hint: 'point the $ref at an existing file and location' }),
  };
}
