/**
 * `breaking --format junit`: each breaking change that fails the gate is a failed case; a waived or allowed
 * acknowledged one passes with its status in the name; a contract without any passes one case; expired
 * waivers fail in a `waivers` suite.
 */
import { isBlocking, judge, statusNote, waiverProblems, type GateVerdict } from '../gate/verdict.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import { describeFinding, SEVERITY_LABEL, whereOf } from './change-line.ts';
import { renderJunit, type JunitSuite } from './junit.ts';

export function renderBreakingJunit(comparisons: Comparison[], verdict: GateVerdict = judge(comparisons)): string {
  const suites: JunitSuite[] = comparisons.map(({ contract, findings, error }) => {
    const breaking = findings.filter((f) => f.severity === 'breaking');
    const className = `specver.breaking.${contract.name}`;
    if (error) {
      const failure = { message: error.message, type: 'not-compared', detail: error.hint ?? '' };
      return { name: contract.name, cases: [{ name: 'spec can be read', className, failure }] };
    }
    if (breaking.length === 0) return { name: contract.name, cases: [{ name: 'no breaking changes', className }] };
    return {
      name: contract.name,
      cases: breaking.map((f) => {
        const blocking = isBlocking(verdict, f);
        const note = statusNote(verdict.status.get(f));
        return {
          name: `${SEVERITY_LABEL.breaking} ${f.rule} ${f.location}${note ? ` ${note}` : ''}`,
          className,
          ...(blocking ? { failure: { message: describeFinding(f), type: f.rule, detail: `${whereOf(f)}\n${f.location}` } } : {}),
        };
      }),
    };
  });
  const { errors } = waiverProblems(verdict);
  if (errors.length > 0)
    suites.push({
      name: 'waivers',
      cases: errors.map((message, i) => ({
        name: `expired waiver at line ${verdict.expired[i]!.line}`,
        className: 'specver.breaking.waivers',
        failure: { message, type: 'waiver-expired' },
      })),
    });
  return renderJunit('specver breaking', suites);
}
