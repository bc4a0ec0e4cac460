/** `specver diff`: every change between current specs and their snapshots, classified. Always exits 0. */
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import type { Severity } from '../../types.ts';
import { selectedComparisons } from '../compare-selected.ts';

interface DiffOptions {
  contract?: string[];
  base?: string;
  format: 'text' | 'json' | 'markdown' | 'html';
  severity: Severity | 'all';
}

export async function run(ctx: Context, positional: string[], options: DiffOptions): Promise<number> {
  const format = ctx.json ? 'json' : options.format;
  const comparisons = await withProgress(ctx, 'Comparing specs with their snapshots', () =>
    // Plain text prints lines only with --verbose.
    selectedComparisons(ctx, [...positional, ...(options.contract ?? [])], { base: options.base, lines: format !== 'text' || ctx.verbose }),
  );
  if (format === 'json') {
    const { diffJson } = await import('../../report/diff-json.ts');
    ctx.out.jsonDocument(diffJson(comparisons, options.severity));
  } else if (format === 'markdown') {
    const { renderDiffMarkdown } = await import('../../report/diff-markdown.ts');
    ctx.out.raw(renderDiffMarkdown(comparisons, options.severity));
  } else if (format === 'html') {
    const [{ renderDiffHtml }, { changeValues }] = await Promise.all([import('../../report/diff-html.ts'), import('../change-values.ts')]);
    ctx.out.raw(renderDiffHtml(comparisons, options.severity, await changeValues(ctx, comparisons)));
  } else {
    const { renderDiffText } = await import('../../report/diff-text.ts');
    ctx.out.result(renderDiffText(ctx.out, comparisons, { severity: options.severity, verbose: ctx.verbose, quiet: ctx.quiet }));
  }
  return 0;
}
