/**
 * The Action (action/run.mjs) run for a test: its main() in this process with each specver command run by the
 * built CLI in this process (runBuiltSpecver: it sees the run's environment, as the child would), for what does
 * not depend on processes; it gives the exit code and the job log (stdout, stderr). The one run of the Action as
 * a chain of processes, as a workflow runs it, is in test/action/select-cli.test.ts.
 */
// @ts-expect-error plain ESM JavaScript without type declarations
import { main } from '../../action/run.mjs';
import { runBuiltSpecver } from './run-cli.ts';

export interface ActionLog {
  status: number;
  stdout: string;
  stderr: string;
}

/** How the Action's specver behaves in a test run: `commands` collects the arguments of each specver command. */
export interface ActionCli {
  commands?: string[][];
  /** Refuse `--report` as a specver from before it did (the Action then runs its commands one by one). */
  withoutReport?: boolean;
}

/**
 * The Action's main(env) in this process; each specver command runs the built CLI in-process with the run's
 * environment (runBuiltSpecver; git still runs as processes, the Action's and the CLI's).
 */
export async function runActionInProcess(env: Record<string, string | undefined>, cli: ActionCli = {}): Promise<ActionLog> {
  let stdout = '';
  let stderr = '';
  const status = await main(env, {
    log: (line: string) => (stdout += `${line}\n`),
    out: (text: string) => (stdout += text),
    err: (text: string) => (stderr += text),
    specver: async (_cli: string, args: string[], options: { cwd: string; env: Record<string, string> }) => {
      cli.commands?.push(args);
      // What commander says to an option it does not know, as a specver from before --report does.
      if (cli.withoutReport && args.includes('--report')) return { status: 2, stdout: '', stderr: "error: unknown option '--report'\n" };
      const r = await runBuiltSpecver(args, options);
      return { status: r.exitCode, stdout: r.stdout, stderr: r.stderr };
    },
  });
  return { status, stdout, stderr };
}
