/**
 * The `version` command of the built CLI, for the crash and kill tests' child processes: from the bundle the bin
 * runs (dist/cli-<hash>.cjs), with its code cache, so a child starts as fast as `specver` itself does.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCachedBundle } from '../../../dist/cli/cached-bundle.js';

const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
const bundle = readdirSync(dist).find((name) => /^cli-[A-Z0-9]+\.cjs$/.test(name));
if (!bundle) throw new Error('dist/ has no cli-<hash>.cjs bundle: run npm run build');
const cli = loadCachedBundle(pathToFileURL(`${dist}${bundle}`), 'main').exports;

export const createContext = cli.createContext;
export const { run } = await cli.loadVersionCommand();
