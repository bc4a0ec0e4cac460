/**
 * Waivers: breaking changes a team has accepted, listed in a YAML file (`gate.waivers`, default
 * `.specver/waivers.yaml`) by rule id, contract and location, with a reason and an optional expiry date. The file
 * is validated against schemas/waivers.schema.json; a problem is one ConfigError naming file:line.
 */
import { untrustedRegex } from '../lint/untrusted-regex.ts';
import { assertReadableInside } from '../store/safe-path.ts';
import { READ_LIMITS, readOptionalRegularFile } from '../store/safe-read.ts';
import { join } from 'node:path';
import type { Finding } from '../classify/types.ts';
import { parseConfigDocument } from '../config/load-config.ts';
import { lineOfPath, pointerToPath } from '../config/yaml-positions.ts';
import { ConfigError } from '../errors.ts';
import { validatorFor } from '../schema-validation.ts';
import type { Config } from '../types.ts';

export interface Waiver {
  rule: string;
  contract: string;
  location: string;
  reason: string;
  /** Last day the waiver applies (YYYY-MM-DD). */
  expires?: string;
  /** 1-based line of the entry in the waiver file. */
  line: number;
}

export interface WaiverFile {
  /** Path relative to the project root. */
  file: string;
  waivers: Waiver[];
}

export const DEFAULT_WAIVER_FILE = '.specver/waivers.yaml';

/** Parses and validates waiver file text; `file` names it in errors. */
export function parseWaivers(text: string, file: string): Waiver[] {
  const { doc, counter, data } = parseConfigDocument(text, file);
  if (data === null || (typeof data === 'object' && Object.keys(data as object).length === 0 && !Array.isArray(data))) return [];
  const validate = validatorFor('waivers.schema.json');
  if (!validate(data)) {
    const error = validate.errors![0]!;
    const path = pointerToPath(error.instancePath);
    const extra = error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : undefined;
    const line = lineOfPath(doc, counter, path, extra) ?? 1;
    const where = error.instancePath.replace(/^\/waivers\/(\d+)/, 'waivers[$1]').replace(/^\//, '').replace(/\//g, '.') || 'the file';
    const what =
      error.keyword === 'additionalProperties'
        ? `unknown field '${extra}'`
        : error.keyword === 'required'
          ? `missing required field '${String(error.params.missingProperty)}'`
          : (error.message ?? 'is invalid');
    throw new ConfigError(`invalid waiver: ${where}: ${what}`, {
      file,
      line,
      hint: 'each waiver needs rule, contract, location and reason; expires is a date YYYY-MM-DD (see schemas/waivers.schema.json)',
    });
  }
  const entries = (data as { waivers: Omit<Waiver, 'line'>[] }).waivers;
  return entries.map((entry, index) => ({ ...entry, line: lineOfPath(doc, counter, ['waivers', index]) ?? 1 }));
}

/** The project's waivers; a missing file means none. */
export async function loadWaivers(config: Config): Promise<WaiverFile> {
  const file = config.gate?.waivers ?? DEFAULT_WAIVER_FILE;
  const path = join(config.root, file);
  assertReadableInside(config.root, path, 'waiver file');
  const text = await readOptionalRegularFile(path, { limit: READ_LIMITS.config, shown: file });
  return { file, waivers: text === null ? [] : parseWaivers(text, file) };
}

/** `*` matches any run of characters, `?` one; everything else is literal. */
export function globMatches(glob: string, text: string, ignoreCase = false): boolean {
  const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  // Waiver files are repository content: a glob like `*a*a*a*a*b` must not backtrack (linear-time engine).
  return untrustedRegex(`^${source}$`, ignoreCase ? 'is' : 's').test(text);
}

/** The operations a finding belongs to: its own and, for a shared component, every one it affects. */
function operationsOf(finding: Finding): string[] {
  const own = finding.method && finding.path ? [`${finding.method.toUpperCase()} ${finding.path}`] : [];
  return [...own, ...(finding.usedBy ?? [])];
}

function locationMatches(pattern: string, finding: Finding): boolean {
  if (pattern === '*') return true;
  if (pattern.startsWith('/')) return globMatches(pattern, finding.location);
  const space = pattern.indexOf(' ');
  if (space < 0) return false;
  const method = pattern.slice(0, space);
  const path = pattern.slice(space + 1).trim();
  return operationsOf(finding).some((op) => {
    const at = op.indexOf(' ');
    return globMatches(method, op.slice(0, at), true) && globMatches(path, op.slice(at + 1));
  });
}

export function waiverMatches(waiver: Waiver, contract: string, finding: Finding): boolean {
  return globMatches(waiver.contract, contract) && globMatches(waiver.rule, finding.rule) && locationMatches(waiver.location, finding);
}

/** Expired from the day after `expires` on; `today` is YYYY-MM-DD. */
export function isExpired(waiver: Waiver, today: string): boolean {
  return waiver.expires !== undefined && waiver.expires < today;
}
