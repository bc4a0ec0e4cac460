/** Reads a spec from stdin (`-`), with the size limit of spec files, refusing a terminal that would wait forever. */
import { ConfigError } from '../errors.ts';
import { READ_LIMITS } from '../store/safe-read.ts';
import type { Streams } from './output.ts';

export async function readStdinText(stdin: Streams['stdin']): Promise<string> {
  if (!stdin || stdin.isTTY === true || typeof (stdin as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] !== 'function') {
    throw new ConfigError("'-' reads a spec from stdin, but stdin is a terminal or closed", { hint: 'pipe the spec in, e.g. git show main:api.yaml | specver diff - api.yaml' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    // Same bound as a spec file: a stream without end cannot exhaust memory.
    if (size > READ_LIMITS.spec) throw new ConfigError(`stdin holds more than ${READ_LIMITS.spec / 1024 / 1024} MiB, the largest spec specver reads`, { hint: 'pass a smaller spec' });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
