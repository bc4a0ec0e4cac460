/** What the main thread and a comparison worker send each other: plain data, errors included. */
import { CancelledError, ConfigError, InterruptedError, isSpecverError, ToolError, UsageError, type SpecverError } from '../errors.ts';
import type { Config, ContractConfig } from '../types.ts';
import type { CompareOptions, Comparison } from './comparison.ts';
import type { ParseCacheSettings } from '../load/parse-cache.ts';

export interface WorkerInput {
  config: Config;
  contracts: ContractConfig[];
  base?: string;
  today: string;
  /** CompareOptions.lines. */
  lines?: boolean;
  basePaths?: CompareOptions['basePaths'];
  ruleTexts?: CompareOptions['ruleTexts'];
  keepReadErrors?: boolean;
  /** The parse cache of the main thread (module state does not cross into a worker). */
  parseCache?: ParseCacheSettings;
}

export type WorkerMessage =
  | { type: 'result'; index: number; comparison: Comparison }
  | { type: 'error'; index: number; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  exitCode?: number;
  file?: string;
  line?: number;
  hint?: string;
  stack?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (isSpecverError(error))
    return { name: error.name, message: error.message, exitCode: error.exitCode, file: error.file, line: error.line, hint: error.hint, stack: error.stack };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

const ERROR_CLASSES: Record<string, new (message: string, details?: object) => SpecverError> = {
  ConfigError,
  UsageError,
  ToolError,
  CancelledError,
  InterruptedError,
};

/** Turn a worker's error data back into the typed error the exit-code mapper knows. */
export function reviveError(data: SerializedError): Error {
  const Class = ERROR_CLASSES[data.name];
  const error = Class ? new Class(data.message, { file: data.file, line: data.line, hint: data.hint }) : new Error(data.message);
  if (data.stack) error.stack = data.stack;
  return error;
}
