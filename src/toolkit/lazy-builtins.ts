/**
 * Node built-ins loaded on first use, for the modules every run loads (the CLI's start, its output, reads and
 * the parse cache). Loading `node:crypto` costs about 3 ms and `node:fs/promises` (with the readline it pulls
 * in) about 2 ms: `--help`, `--version` and most errors never need them, and a static import would load them on
 * every run. Node caches a loaded module, so later calls cost a lookup.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const nodeCrypto = (): typeof import('node:crypto') => require('node:crypto');
export const fsPromises = (): typeof import('node:fs/promises') => require('node:fs/promises');
/** Only a comparison of several contracts starts workers. */
export const workerThreads = (): typeof import('node:worker_threads') => require('node:worker_threads');
