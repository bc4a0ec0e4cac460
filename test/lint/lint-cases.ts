/** Reads fixtures/lint/<rule-id>.yaml case files (shared by the rule tester and the meta-test). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYamlData } from '../../src/load/parse-source.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

export interface FireCase {
  name: string;
  document: string;
  expect: { rule: string; pointer: string }[];
  fileName?: string;
}
export interface QuietCase {
  name: string;
  document: string;
  fileName?: string;
}
export interface CaseFile {
  file: string;
  rule: string;
  fire: FireCase[];
  quiet: QuietCase[];
}

export const CASES_DIR = join(FIXTURES, 'lint');

export function caseFiles(): CaseFile[] {
  return readdirSync(CASES_DIR)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => ({ file: name, ...(parseYamlData(readFileSync(join(CASES_DIR, name), 'utf8'), name) as Omit<CaseFile, 'file'>) }));
}
