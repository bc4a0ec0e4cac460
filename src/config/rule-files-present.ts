/**
 * The rule files specver.yaml lists (`rules.files`, `lint.files`) exist: a missing one is a configuration
 * error at its line in specver.yaml, not a failed read of a rule file whose JSON there is nothing wrong with.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../errors.ts';
import type { Config } from '../types.ts';
import { parseConfigDocument } from './load-config.ts';
import { lineOfPath } from './yaml-positions.ts';

export function assertRuleFilesPresent(config: Config, text: string, shownAs: string): void {
  for (const section of ['rules', 'lint'] as const) {
    const missing = config[section].files.findIndex((file) => !existsSync(resolve(config.root, file)));
    if (missing < 0) continue;
    const file = config[section].files[missing]!;
    // Parsed only now: a config whose rule files are all there never pays for the positions.
    const { doc, counter } = parseConfigDocument(text, shownAs);
    throw new ConfigError(`${section}.files[${missing}]: rule file ${file} does not exist`, {
      file: shownAs,
      line: lineOfPath(doc, counter, [section, 'files', missing]) ?? 1,
      hint: `create ${file}, or remove it from ${section}.files`,
    });
  }
}
