/**
 * The `version` command of the built CLI, for the crash and kill tests' child processes: from the bundle the bin
 * runs (dist/cli-<hash>.cjs), with its code cache, so a child starts as fast as `specver` itself does.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIn, loadCachedBundle } from '../../../dist/cli/cached-bundle.js';

const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
const cli = loadCachedBundle(pathToFileURL(`${dist}${bundleIn(dist)}`), 'main').exports;

export const createContext = cli.createContext;
export const { run } = await cli.loadVersionCommand();
