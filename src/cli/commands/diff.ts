/**
 * `specver diff`: every change between current specs and their snapshots, classified. Exits 0 (changes are
 * information), or with the worst error code of the contracts that cannot be read (2), after the others.
 */
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import type { Severity } from '../../types.ts';
import { selectedComparisons } from '../compare-selected.ts';
import type { LoadedSpec } from '../../load/types.ts';
import type { Comparison, LoadedSides } from '../../pipeline/comparison.ts';
import type { ValuesOf } from '../../report/diff-html.ts';
import { selectFromPositionals } from '../select-specs.ts';

interface DiffOptions {
  contract?: string[];
  base?: string;
  format: 'text' | 'json' | 'markdown' | 'html';
  severity: Severity | 'all';
}

export async function run(ctx: Context, positional: string[], options: DiffOptions): Promise<number> {
  const format = ctx.json ? 'json' : options.format;
  // Plain text prints lines only with --verbose.
  const lines = format !== 'text' || ctx.verbose;
  const selection = await selectFromPositionals(ctx, positional);
  let comparisons: Comparison[];
  /** The values of each change's two sides, for the HTML report. */
  let values: () => Promise<ValuesOf>;
  if (selection.positionals.mode === 'files') {
    const { adHocComparison } = await import('../adhoc-compare.ts');
    const projectOptions = { '--contract': options.contract, '--base': options.base };
    // The HTML report shows values of both specs: the ones just compared (the comparison only reads them).
    const keepLoaded = format === 'html';
    const compared = await withProgress(ctx, 'Comparing specs', () => adHocComparison(ctx, selection, { command: 'diff', projectOptions, lines, keepLoaded }));
    comparisons = [compared.comparison];
    values = async () => {
      const { nearest } = await import('../change-values.ts');
      const { base, revision } = compared.loaded as { base: LoadedSpec; revision: LoadedSpec };
      return (_comparison, finding) => ({ before: nearest(base.document, finding.location), after: nearest(revision.document, finding.location) });
    };
  } else {
    const names = [...selection.positionals.names, ...(options.contract ?? [])];
    // As above: the report shows the documents the comparisons read (those that ran in this thread).
    const keepLoaded = format === 'html' ? new Map<string, LoadedSides>() : undefined;
    comparisons = await withProgress(ctx, 'Comparing specs with their snapshots', () => selectedComparisons(ctx, names, { base: options.base, config: selection.config, lines, keepLoaded }));
    values = async () => (await import('../change-values.ts')).changeValues(ctx, comparisons, keepLoaded);
  }
  const { reportContractErrors } = await import('../contract-errors.ts');
  const worst = reportContractErrors(ctx, comparisons.map((c) => c.error), format === 'json');
  if (format === 'json') {
    const { diffJson } = await import('../../report/diff-json.ts');
    ctx.out.jsonDocument(diffJson(comparisons, options.severity));
  } else if (format === 'markdown') {
    const { renderDiffMarkdown } = await import('../../report/diff-markdown.ts');
    ctx.out.raw(renderDiffMarkdown(comparisons, options.severity));
  } else if (format === 'html') {
    const { renderDiffHtml } = await import('../../report/diff-html.ts');
    ctx.out.raw(renderDiffHtml(comparisons, options.severity, await values()));
  } else {
    const { renderDiffText } = await import('../../report/diff-text.ts');
    ctx.out.result(renderDiffText(ctx.out, comparisons, { severity: options.severity, verbose: ctx.verbose, quiet: ctx.quiet }));
  }
  return worst;
}
