import $RefParser from '@apidevtools/json-schema-ref-parser';
import { loadSpec } from './src/spec/load.ts';
import yaml from 'js-yaml';
import fs from 'node:fs';
const f = '/work/shared/corpus/openapi/stripe/2023-09-07.yaml';
const t = fs.readFileSync(f, 'utf8');
const a: number[] = [], b: number[] = [], c: number[] = [];
for (let i = 0; i < 5; i++) {
  let s = performance.now(); yaml.load(t); a.push(performance.now() - s);
  s = performance.now(); await loadSpec(f, { projectRoot: '/work/shared/corpus' }); b.push(performance.now() - s);
  s = performance.now(); const d = yaml.load(t) as object; await $RefParser.dereference(f, d, { resolve: { external: false }, dereference: { circular: true } } as any); c.push(performance.now() - s);
}
const med = (x: number[]) => x.sort((p, q) => p - q)[2].toFixed(0);
console.log('js-yaml', med(a), 'loadSpec', med(b), 'js-yaml+ref-parser', med(c));
