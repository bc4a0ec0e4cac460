/** JUnit XML, the lowest common denominator of CI test reports: one suite per contract, one case per check. */

export interface JunitCase {
  name: string;
  className: string;
  /** Present when the case failed. */
  failure?: { message: string; type: string; detail?: string };
  /** A note on a passing case (shown in the case's details by CI test views). */
  systemOut?: string;
}

export interface JunitSuite {
  name: string;
  cases: JunitCase[];
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 forbids most control characters even when escaped: they are dropped.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    // U+FFFE, U+FFFF and halves of surrogate pairs are not XML characters either: shown as U+FFFD.
    .replace(/[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export function renderJunit(name: string, suites: JunitSuite[]): string {
  const failures = suites.reduce((n, s) => n + s.cases.filter((c) => c.failure).length, 0);
  const tests = suites.reduce((n, s) => n + s.cases.length, 0);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="${xml(name)}" tests="${tests}" failures="${failures}">`];
  for (const suite of suites) {
    const suiteFailures = suite.cases.filter((c) => c.failure).length;
    lines.push(`  <testsuite name="${xml(suite.name)}" tests="${suite.cases.length}" failures="${suiteFailures}">`);
    for (const c of suite.cases) {
      const open = `    <testcase name="${xml(c.name)}" classname="${xml(c.className)}"`;
      if (!c.failure) {
        if (c.systemOut === undefined) lines.push(`${open}/>`);
        else lines.push(`${open}>`, `      <system-out>${xml(c.systemOut)}</system-out>`, '    </testcase>');
        continue;
      }
      lines.push(`${open}>`);
      lines.push(`      <failure message="${xml(c.failure.message)}" type="${xml(c.failure.type)}">${xml(c.failure.detail ?? '')}</failure>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
