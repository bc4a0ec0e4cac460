/** Types of bench/lib/report.mjs used by the harness tests (the harness itself is plain ESM JavaScript). */
export function renderMarkdown(results: unknown): string;
