/**
 * The commander program: global flags and one registration per command. Command modules are imported
 * lazily inside each action so `specver --version` loads nothing but commander.
 */
import { Argument, Command, Option } from 'commander';
import { createContext, type Context, type ContextInput, type GlobalFlags } from './context.ts';
import { HELP_EXAMPLES } from './help-examples.ts';
import { parseCacheSettingsFor } from './parse-cache-settings.ts';
import { useParseCache } from '../load/parse-cache.ts';
import { REPORT_FORMATS } from './breaking-reports.ts';

export type CommandResult = number | void;
type Loader = () => Promise<{ run: (ctx: Context, ...args: any[]) => Promise<CommandResult> }>;

export interface ProgramHandle {
  program: Command;
  /** Exit code set by the command that ran (0 when it returned nothing). */
  exitCode(): number;
  /** Context of the command that ran, for the error mapper (format of errors). */
  context(): Context | undefined;
}

/** How a spec is given instead of a contract name (src/cli/spec-arguments.ts has the rule). */
const SPEC_FORMS = "a path, <git-ref>:<path> or - for stdin; a configured contract name wins over a file of that name, './name' is the file";

const FORMAT = (values: string[], fallback = 'text') =>
  new Option('--format <format>', 'output format').choices(values).default(fallback);

export function buildProgram(input: ContextInput, version: string): ProgramHandle {
  let code = 0;
  let ctx: Context | undefined;
  const program = new Command('specver');
  // Help goes to its stream; error messages are rendered by the one error mapper in run.ts.
  const quietOutput = {
    writeOut: (s: string) => input.streams.stdout.write(s),
    writeErr: (s: string) => input.streams.stderr.write(s),
    outputError: () => undefined,
  };

  /** Wrap a lazily loaded command module: context from global flags, then module.run(ctx, ...args). */
  const action =
    (load: Loader) =>
    async (...args: unknown[]) => {
      const command = args[args.length - 1] as Command;
      const flags = command.optsWithGlobals() as GlobalFlags & Record<string, unknown>;
      ctx = createContext(input, flags);
      useParseCache(parseCacheSettingsFor(input.env, input.cwd, version));
      const mod = await load();
      const result = await mod.run(ctx, ...args.slice(0, -1));
      code = typeof result === 'number' ? result : 0;
    };

  program
    .description('Version API contracts: OpenAPI and JSON Schema diff, breaking-change gate, lint, changesets.')
    .version(version, '--version', 'show the CLI version')
    .helpOption('-h, --help', 'show help for the command')
    .option('-y, --yes', 'skip interactive prompts, use defaults')
    .option('--interactive', 'force interactive mode, even in CI')
    .option('--no-interactive', 'never prompt (take answers from flags)')
    .option('--json', 'output as JSON (implies --yes)')
    .option('-q, --quiet', 'minimal output')
    .option('-v, --verbose', 'detailed output (JSON Pointers, file:line, stack traces)')
    .option('-c, --config <path>', 'path to specver.yaml (default: auto-detect)')
    .showSuggestionAfterError(true)
    // Every command's --help lists the global flags too (inherited by the commands added below).
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput(quietOutput);

  program
    .command('init')
    .description('scan the project for spec files and write specver.yaml and initial snapshots')
    .option('--dir <path>', 'root directory to scan (default: current directory)')
    .option('-V, --initial-version <version>', "version every contract starts at (default: each OpenAPI spec's info.version when it is semver, else 0.0.0; with --force it restarts every contract)")
    // No commander default: init --force keeps the configured mode unless --versioning is given.
    .addOption(new Option('--versioning <mode>', 'versioning mode (default: independent, or the configured one with --force)').choices(['independent', 'fixed']))
    .option('-f, --force', 'reinitialize even if a config exists, keeping the history of contracts that still exist')
    .addOption(FORMAT(['text', 'json']))
    .action(action(() => import('./commands/init.ts')));

  program
    .command('lint')
    .description('validate specs against their format rules')
    .argument('[contracts...]', `contracts to lint (default: all), or spec files (${SPEC_FORMS})`)
    .option('--contract <name...>', 'lint only the named contract(s)')
    .option('--fix', 'apply safe automatic fixes')
    .addOption(FORMAT(['text', 'json', 'stylish', 'github', 'sarif', 'junit']))
    .addOption(new Option('--fail-severity <level>', 'lowest level that fails the run (exit 1)').choices(['error', 'warn', 'info', 'hint']).default('error'))
    .option('-D, --display-only-failures', 'show only the findings at or above --fail-severity')
    .option('--baseline-write', "record today's findings in the lint baseline (lint.baseline, default .specver/lint-baseline.yaml); later runs count only new ones")
    .action(action(() => import('./commands/lint.ts')));

  program
    .command('diff')
    .description('show all changes between current specs and their last snapshots (always exits 0)')
    .argument('[contracts...]', `contracts to diff (default: all), or two specs <old> <new> (${SPEC_FORMS})`)
    .option('--contract <name...>', 'only the named contract(s)')
    .option('-b, --base <version>', 'compare against this version instead of the latest snapshot')
    .addOption(FORMAT(['text', 'json', 'markdown', 'html']))
    .addOption(
      new Option('--severity <level>', 'only changes of this severity')
        .choices(['all', 'breaking', 'non-breaking', 'patch'])
        .default('all'),
    )
    .action(action(() => import('./commands/diff.ts')));

  program
    .command('breaking')
    .description('exit 1 when a spec has breaking changes against its snapshot (the CI gate)')
    .argument('[contracts...]', `contracts to check (default: all), or two specs <old> <new> (${SPEC_FORMS})`)
    .option('--contract <name...>', 'check only the named contract(s)')
    .addOption(FORMAT(['text', 'json', 'github', 'junit', 'markdown', 'sarif', 'html']))
    .option('--base <ref>', 'a version, <contract>@<version>, or a git ref (default: latest snapshot)')
    .option('--allow-acknowledged', 'pass when every breaking change is acknowledged by a pending major changeset or waived')
    .addOption(new Option('--policy <source>', "at a git base: judge with the base commit's rules, waivers and contracts (base) or the pull request's (head)").choices(['base', 'head']))
    .option('--report <format=file>', `also write a report of this run to a file, repeatable (${REPORT_FORMATS.join(', ')})`, (value: string, previous: string[]) => [...previous, value], [])
    .action(action(() => import('./commands/breaking.ts')));

  program
    .command('changeset')
    .description('record the detected changes as a changeset file')
    .option('--empty', 'a changeset without spec changes (changelog only)')
    .option('-m, --message <text>', 'changeset summary (skips the summary prompt)')
    .addOption(new Option('--bump <type>', 'bump for --empty or to override the detected one').choices(['major', 'minor', 'patch']))
    .option('--contract <name...>', 'contracts the changeset names (default: all changed contracts)')
    .option('--downgrade-reason <text>', 'why a bump lower than the detected one is right (written to the frontmatter)')
    .option('--all', 'include contracts whose changes a pending changeset already covers')
    .option('--base <ref>', 'a pull request: only changesets added since the merge-base with this git ref cover changes')
    .addOption(new Option('--policy <source>', "with --base: whose waivers count, as in 'breaking --policy'").choices(['base', 'head']))
    .action(action(() => import('./commands/changeset.ts')));

  program
    .command('version')
    .description('consume changesets: bump versions, write snapshots and CHANGELOG.md')
    .option('--dry-run', 'print the plan, write nothing')
    .option('--no-changelog', 'skip the CHANGELOG.md update')
    .option('--no-git', 'skip git operations')
    .option('--preid <id>', 'pre-release identifier for this run')
    .option('--allow-downgrade', 'release even when a changeset declares a lower bump than the changes require')
    .action(action(() => import('./commands/version.ts')));

  program
    .command('tag')
    .description('create git tags <contract>@<version> (fixed: v<version>) for current versions that have none')
    .option('--dry-run', 'print the tags that would be created')
    .addOption(FORMAT(['text', 'json']))
    .action(action(() => import('./commands/tag.ts')));

  program
    .command('status')
    .description('show contract versions, pending changesets and next versions')
    .addOption(FORMAT(['text', 'json']))
    .option('--pending', 'only contracts with pending changes')
    .option('--since <ref>', "only the branch's own changes: contracts whose specs changed since merge-base(<ref>, HEAD), changesets added since")
    .action(action(() => import('./commands/status.ts')));

  const contract = program.command('contract').description('add, list, remove, rename or move contracts');
  contract
    .command('add')
    .description('track a spec file as a contract')
    .argument('<path>', 'spec file')
    .option('--name <name>', 'contract name (default: derived from the file name)')
    .addOption(new Option('--format <format>', 'spec format (default: detected)').choices(['openapi', 'json-schema']))
    .option('-V, --initial-version <version>', "version the contract starts at (default: the spec's info.version when it is semver, else 0.0.0)")
    .action(action(async () => ({ run: (await import('./commands/contract.ts')).runAdd })));
  contract
    .command('list')
    .description('list contracts with format, path and version')
    .addOption(FORMAT(['text', 'json']))
    .option('--names', 'print only the contract names, one per line (for scripts and shell completion)')
    .action(action(async () => ({ run: (await import('./commands/contract.ts')).runList })));
  contract
    .command('remove')
    .description('stop tracking a contract (its snapshots and version entry are removed after confirmation, or with --yes)')
    .argument('<name>', 'contract name')
    .option('-f, --force', 'remove even when pending changesets name it')
    .action(action(async () => ({ run: (await import('./commands/contract.ts')).runRemove })));
  contract
    .command('rename')
    .description('rename a contract: config entry, versions, snapshots, pending changesets and pre.json together')
    .argument('<old>', 'current contract name')
    .argument('<new>', 'new contract name')
    .action(action(async () => ({ run: (await import('./commands/contract-rename.ts')).runRename })));
  contract
    .command('move')
    .description("point a contract at its spec's new path, keeping its version, snapshots and changelog history")
    .argument('<name>', 'contract name')
    .argument('<new-path>', 'the spec file at its new place, inside the project')
    .action(action(async () => ({ run: (await import('./commands/contract-move.ts')).runMove })));

  const pre = program.command('pre').description('enter, exit or inspect pre-release mode');
  pre
    .command('enter')
    .description('enter pre-release mode with a tag such as alpha, beta or rc')
    .argument('<tag>', 'pre-release tag')
    .action(action(async () => ({ run: (await import('./commands/pre.ts')).runEnter })));
  pre
    .command('exit')
    .description('leave pre-release mode; the next version run graduates')
    .action(action(async () => ({ run: (await import('./commands/pre.ts')).runExit })));
  pre
    .command('status')
    .description('show pre-release mode, tag and versions')
    .addOption(FORMAT(['text', 'json']))
    .action(action(async () => ({ run: (await import('./commands/pre.ts')).runStatus })));

  const rules = program.command('rules').description('list, show or test classification and lint rules');
  rules
    .command('list')
    .description('print the rule catalogue')
    .addOption(FORMAT(['text', 'json', 'markdown']))
    .addOption(new Option('--kind <kind>', 'which rules').choices(['classify', 'lint', 'all']).default('all'))
    .action(action(async () => ({ run: (await import('./commands/rules.ts')).runList })));
  rules
    .command('show')
    .description('show one rule')
    .argument('<id>', 'rule id')
    .addOption(FORMAT(['text', 'json']))
    .action(action(async () => ({ run: (await import('./commands/rules.ts')).runShow })));
  rules
    .command('test')
    .description("run rule case files (classification: fires/quiet; lint: invalid/valid) against the project's rules and severities")
    .argument('<files...>', 'case files (YAML, see schemas/rule-cases.schema.json)')
    .addOption(FORMAT(['text', 'json']))
    .action(action(async () => ({ run: (await import('./commands/rules.ts')).runTest })));

  program
    .command('completion')
    .description('print a shell completion script')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish']))
    // The script is built from this very program, handed over so the command needs no second copy of it.
    .action(action(async () => {
      const { run } = await import('./commands/completion.ts');
      return { run: (context: Context, shell: 'bash' | 'zsh' | 'fish') => run(context, shell, program) };
    }));

  // Every subcommand reports errors through main's mapper, never by exiting itself, and shows examples.
  const quietErrors = (cmd: Command, prefix: string) => {
    const path = prefix ? `${prefix} ${cmd.name()}` : cmd.name();
    cmd.exitOverride().configureOutput(quietOutput);
    const examples = HELP_EXAMPLES[path];
    if (examples) cmd.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.commands.forEach((sub) => quietErrors(sub, path));
  };
  program.commands.forEach((cmd) => quietErrors(cmd, ''));

  return { program, exitCode: () => code, context: () => ctx };
}
