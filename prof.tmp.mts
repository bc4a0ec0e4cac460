import { loadSpec } from './src/spec/load.ts';
for (const f of ['openai/2026-07-23.json', 'stripe/2023-09-07.yaml']) {
  (globalThis as any).TTS = [];
  for (let i = 0; i < 9; i++) await loadSpec('/work/shared/corpus/openapi/' + f, { projectRoot: '/work/shared/corpus' });
  const rows = (globalThis as any).TTS.map((t: number[]) => t.slice(1).map((x, i) => x - t[i]));
  const med = rows[0].map((_: number, k: number) => rows.map((r: number[]) => r[k]).sort((a: number, b: number) => a - b)[4].toFixed(1));
  console.log(f, 'scan, targets, finalTargets, substitute:', med.join(' '));
}
