/** `specver breaking`: the CI gate. Exit 1 iff at least one breaking change exists. */
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import { selectedComparisons } from '../compare-selected.ts';

interface BreakingOptions {
  contract?: string[];
  base?: string;
  format: 'text' | 'json' | 'github' | 'junit';
}

export async function run(ctx: Context, positional: string[], options: BreakingOptions): Promise<number> {
  const format = ctx.json ? 'json' : options.format;
  const comparisons = await withProgress(ctx, 'Checking specs for breaking changes', () =>
    selectedComparisons(ctx, [...positional, ...(options.contract ?? [])], options.base),
  );
  const breaking = comparisons.some((c) => c.summary.breaking > 0);
  if (format === 'json') {
    const { breakingJson } = await import('../../report/diff-json.ts');
    ctx.out.jsonDocument(breakingJson(comparisons));
  } else if (format === 'github') {
    const { renderBreakingGithub } = await import('../../report/breaking-github.ts');
    ctx.out.raw(renderBreakingGithub(comparisons), { workflowCommands: true });
  } else if (format === 'junit') {
    const { renderBreakingJunit } = await import('../../report/breaking-junit.ts');
    ctx.out.raw(renderBreakingJunit(comparisons));
  } else {
    const { renderBreakingText } = await import('../../report/breaking-text.ts');
    ctx.out.result(renderBreakingText(ctx.out, comparisons, ctx.quiet));
  }
  return breaking ? 1 : 0;
}
