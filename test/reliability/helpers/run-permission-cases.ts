/**
 * Child entry: runs the permission cases and prints one JSON line of failures. The bad-input test starts
 * it as an unprivileged user when the tests themselves run as root (where chmod 000 stops nothing).
 */
import { runBadCase } from '../../helpers/bad-input.ts';
import { useSourceCli } from '../../helpers/run-cli.ts';
import { PERMISSION_CASES } from './permission-cases.ts';

useSourceCli(); // this child is one bundle of the sources, without the dist/ and node_modules the built CLI needs

const failures: string[] = [];
for (const c of PERMISSION_CASES) {
  try {
    await runBadCase(c);
  } catch (error) {
    failures.push(`${c.name}: ${(error as Error).message}`);
  }
}
process.stdout.write(`${JSON.stringify({ ran: PERMISSION_CASES.length, failures })}\n`);
