#!/usr/bin/env node
/**
 * Part of `npm run build`: writes dist/rules-catalogue/ (every built-in rule file, parsed, one file per
 * directory) and, last, its index dist/rules-catalogue.json (see src/store/builtin-files.ts). Rebuild after
 * editing rules/ so the built CLI sees the edit.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readRulesCatalogue, writeRulesCatalogue } from '../dist/store/builtin-files.js';

rmSync(fileURLToPath(new URL('../dist/rules-catalogue/', import.meta.url)), { recursive: true, force: true });
const count = writeRulesCatalogue(readRulesCatalogue());
console.log(`wrote dist/rules-catalogue/ (${count} rule files)`);
