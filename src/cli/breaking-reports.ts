/**
 * The reports of one `specver breaking` run, as text: what `--format` prints, and what each
 * `--report <format>=<file>` writes. A CI job that needs the annotations, the counts and the table of every change
 * (the GitHub Action on a pull request) gets them all from one comparison instead of one run per output, and the
 * table then shows exactly what the gate judged. A file holds the same bytes the format prints to stdout.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Context } from './context.ts';
import { ConfigError, UsageError } from '../errors.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import type { GateVerdict } from '../gate/verdict.ts';
import type { Finding } from '../classify/types.ts';
import { jsonTerminalSafe, terminalSafe, withoutWorkflowCommands } from './terminal-text.ts';

/** The formats a report file can have: those of `breaking --format` that are documents, and `diff`'s. */
export const REPORT_FORMATS = ['json', 'markdown', 'junit', 'sarif', 'html', 'diff-json', 'diff-markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportRequest {
  format: ReportFormat;
  /** As given; written relative to the working directory. */
  file: string;
}

/** What a report is rendered from: the gate's comparisons and verdict, and whether two files were compared. */
export interface GateRun {
  ctx: Context;
  comparisons: Comparison[];
  verdict: GateVerdict;
  /** Two specs given as files: no project to read the values of changes from (html). */
  adHoc: boolean;
}

/** The `--report` values, checked: each `<format>=<file>` (relative to `cwd`), one file per report. */
export function parseReportRequests(values: readonly string[], cwd: string): ReportRequest[] {
  const requests = values.map((value) => {
    const at = value.indexOf('=');
    const format = value.slice(0, at);
    const file = value.slice(at + 1);
    if (at <= 0 || file === '') throw new UsageError(`--report '${value}' is not <format>=<file>`, { hint: `for example --report json=breaking.json (formats: ${REPORT_FORMATS.join(', ')})` });
    if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--report: unknown format '${format}'`, { hint: `use one of ${REPORT_FORMATS.join(', ')}` });
    return { format: format as ReportFormat, file };
  });
  const files = new Set<string>();
  for (const { file } of requests) {
    if (files.has(resolve(cwd, file))) throw new UsageError(`--report names ${file} twice`, { hint: 'give each report a file of its own' });
    files.add(resolve(cwd, file));
  }
  return requests;
}

/** A report's text, exactly as its format prints it to stdout (control characters shown, no workflow commands). */
export async function reportText(format: ReportFormat, run: GateRun): Promise<string> {
  const { comparisons, verdict } = run;
  if (format === 'json' || format === 'diff-json') {
    const { breakingJson, diffJson } = await import('../report/diff-json.ts');
    const document = format === 'json' ? breakingJson(comparisons, verdict) : diffJson(comparisons, 'all');
    return `${jsonTerminalSafe(JSON.stringify(document, null, 2))}\n`;
  }
  if (format === 'sarif') {
    const [{ breakingSarif }, { builtInRules }] = await Promise.all([import('../report/breaking-sarif.ts'), import('../ruleset/load-rules.ts')]);
    const summaries = new Map(builtInRules().map((rule) => [rule.id, rule.summary]));
    return jsonTerminalSafe(`${JSON.stringify(breakingSarif(comparisons, verdict, summaries), null, 2)}\n`);
  }
  return safeText(await documentText(format, run));
}

async function documentText(format: 'markdown' | 'junit' | 'html' | 'diff-markdown', run: GateRun): Promise<string> {
  const { comparisons, verdict } = run;
  if (format === 'markdown') return (await import('../report/breaking-markdown.ts')).renderBreakingMarkdown(comparisons, verdict);
  if (format === 'diff-markdown') return (await import('../report/diff-markdown.ts')).renderDiffMarkdown(comparisons, 'all');
  if (format === 'junit') return (await import('../report/breaking-junit.ts')).renderBreakingJunit(comparisons, verdict);
  const [{ renderDiffHtml }, { changeValues }, { verdictLine }, { statusNote }] = await Promise.all([
    import('../report/diff-html.ts'),
    import('./change-values.ts'),
    import('../report/breaking-text.ts'),
    import('../gate/verdict.ts'),
  ]);
  const gate = { failed: verdict.failed, line: verdictLine(verdict), note: (finding: Finding) => statusNote(verdict.status.get(finding)) };
  // Two specs given as files have no project to read the values from: the page shows the changes alone.
  const values = run.adHoc ? undefined : await changeValues(run.ctx, comparisons);
  return renderDiffHtml(comparisons, 'all', values, gate);
}

/** Text as the output layer writes it to stdout (Output.raw): control characters shown, no `::` commands. */
function safeText(text: string): string {
  return withoutWorkflowCommands(terminalSafe(text.endsWith('\n') ? text : `${text}\n`));
}

/** Writes each requested report (temp file and rename: a failed write leaves no partial report). */
export async function writeReports(requests: readonly ReportRequest[], run: GateRun): Promise<void> {
  const { writeFileAtomic } = await import('../store/atomic-write.ts');
  for (const request of requests) {
    const path = resolve(run.ctx.cwd, request.file);
    // The directory must exist: creating one is the job's (and recursive mkdir spins on some paths, /proc/...).
    if (!statSync(dirname(path), { throwIfNoEntry: false })?.isDirectory())
      throw new ConfigError(`cannot write the ${request.format} report to ${request.file}: its directory does not exist`, { hint: 'create the directory first, or give --report a file in an existing one' });
    const text = await reportText(request.format, run);
    try {
      await writeFileAtomic(path, text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError(`cannot write the ${request.format} report to ${request.file}: ${code}`, { hint: 'give --report a file in a writable directory', cause: error });
    }
  }
}
