import { parseSource } from './src/spec/parse-source.ts';
import { resolveRefs } from './src/spec/resolve-refs.ts';
import { loadSpec } from './src/spec/load.ts';
import yaml from 'js-yaml';
import fs from 'node:fs';
for (const f of ['/work/shared/corpus/openapi/stripe/2023-09-07.yaml', '/work/shared/corpus/openapi/openai/2026-07-23.json']) {
const t = fs.readFileSync(f,'utf8');
const med = (xs: number[]) => xs.sort((a,b)=>a-b)[Math.floor(xs.length/2)];
const plain: number[] = [], parse: number[] = [], res: number[] = [], full: number[] = [];
for (let k=0;k<7;k++){
  let s=performance.now(); f.endsWith('.json') ? JSON.parse(t) : yaml.load(t); plain.push(performance.now()-s);
  s=performance.now(); const src = parseSource(t, f); parse.push(performance.now()-s);
  s=performance.now(); await resolveRefs(src, {projectRoot:'/work/shared/corpus', display:(x)=>x, readSource: async()=>{throw new Error()}}); res.push(performance.now()-s);
  s=performance.now(); await loadSpec(f, {projectRoot:'/work/shared/corpus'}); full.push(performance.now()-s);
}
console.log(f.split('/').pop(), 'plain', med(plain).toFixed(0), 'parse', med(parse).toFixed(0), 'resolve', med(res).toFixed(0), 'loadSpec', med(full).toFixed(0));
}
