#!/usr/bin/env node
/**
 * Part of `npm run build`: writes dist/rules-catalogue.json, the text of every built-in rule file in one
 * file (see src/store/builtin-files.ts). Rebuild after editing rules/ so the built CLI sees the edit.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readRulesCatalogue } from '../dist/store/builtin-files.js';

const out = fileURLToPath(new URL('../dist/rules-catalogue.json', import.meta.url));
const catalogue = readRulesCatalogue();
writeFileSync(out, JSON.stringify(catalogue));
console.log(`wrote dist/rules-catalogue.json (${Object.values(catalogue).reduce((n, files) => n + files.length, 0)} rule files)`);
