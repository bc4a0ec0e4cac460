/** `breaking --format junit`: each breaking change is a failed case; a contract without any passes one case. */
import type { Comparison } from '../pipeline/compare-contract.ts';
import { describeFinding, whereOf } from './change-line.ts';
import { renderJunit, type JunitSuite } from './junit.ts';

export function renderBreakingJunit(comparisons: Comparison[]): string {
  const suites: JunitSuite[] = comparisons.map(({ contract, findings }) => {
    const breaking = findings.filter((f) => f.severity === 'breaking');
    const className = `specver.breaking.${contract.name}`;
    if (breaking.length === 0) return { name: contract.name, cases: [{ name: 'no breaking changes', className }] };
    return {
      name: contract.name,
      cases: breaking.map((f) => ({
        name: `${f.rule} ${f.location}`,
        className,
        failure: { message: describeFinding(f), type: f.rule, detail: `${whereOf(f)}\n${f.location}` },
      })),
    };
  });
  return renderJunit('specver breaking', suites);
}
