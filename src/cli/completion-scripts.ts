/**
 * Shell completion scripts generated from the commander program itself, so they never drift from the
 * registered commands and options: an option's values and a positional argument's are its commander choices.
 */
import type { Command, Option } from 'commander';

interface CommandInfo {
  /** Space-separated path: `contract add`. */
  path: string;
  description: string;
  options: string[];
  subcommands: string[];
  /** Its positional arguments are contract names (`diff [contracts...]`, `contract remove <name>`). */
  takesContracts: boolean;
  /** Flag (long and short) -> the values it takes, for options with choices (`--format` -> text json ...). */
  values: Map<string, string[]>;
  /** The values of its positional arguments that have choices (`completion <shell>` -> bash zsh fish). */
  argumentValues: string[];
}

/** Argument names that hold contract names. */
const CONTRACT_ARGUMENTS = new Set(['contracts', 'name', 'old']);

/** Contract names, read from the project when completing (nothing outside a project). */
const NAMES = (specver: string) => `$(${specver} contract list --names 2>/dev/null)`;

export function collectCommands(program: Command): CommandInfo[] {
  const result: CommandInfo[] = [];
  const visit = (cmd: Command, prefix: string) => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'help') continue;
      const path = prefix ? `${prefix} ${sub.name()}` : sub.name();
      result.push({
        path,
        description: sub.description(),
        options: sub.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))),
        subcommands: sub.commands.map((c) => c.name()).filter((n) => n !== 'help'),
        takesContracts: sub.registeredArguments.some((a) => CONTRACT_ARGUMENTS.has(a.name())),
        values: optionValues(sub.options),
        argumentValues: sub.registeredArguments.flatMap((a) => a.argChoices ?? []),
      });
      visit(sub, path);
    }
  };
  visit(program, '');
  return result;
}

/** The flags of options with choices, each with its values. */
function optionValues(options: readonly Option[]): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const option of options) {
    if (!option.argChoices) continue;
    for (const flag of [option.long, option.short]) if (flag) values.set(flag, option.argChoices);
  }
  return values;
}

/** The bash `case "$prev"` arms that set the words to an option's values; empty when no option has choices. */
function bashValueCases(values: Map<string, string[]>): string {
  return [...values].map(([flag, choices]) => `${flag}) words="${choices.join(' ')}" ;;`).join(' ');
}

function globalFlags(program: Command): string[] {
  return program.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
}

export function bashScript(program: Command): string {
  const commands = collectCommands(program);
  const top = commands.filter((c) => !c.path.includes(' ')).map((c) => c.path);
  const cases = commands
    .map((c) => {
      const words = `words="${[...c.subcommands, ...c.argumentValues, ...c.options].join(' ')}"${c.takesContracts ? ` ; [[ "$cur" != -* ]] && words="$words ${NAMES('"${COMP_WORDS[0]}"')}"` : ''}`;
      // After an option with choices only its values make sense (`--format <TAB>`).
      return c.values.size === 0 ? `    "${c.path}") ${words} ;;` : `    "${c.path}") case "$prev" in ${bashValueCases(c.values)} *) ${words} ;; esac ;;`;
    })
    .join('\n');
  const globalValues = bashValueCases(optionValues(program.options));
  return `# bash completion for specver; add to ~/.bashrc:  source <(specver completion bash)
_specver_complete() {
  local cur prev path word i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    case "\${path:+$path }$word" in
${commands.map((c) => `      "${c.path}") path="${c.path}" ;;`).join('\n')}
    esac
  done
  local words
  case "$path" in
    "") words="${[...top, ...globalFlags(program)].join(' ')}"${globalValues ? ` ; case "$prev" in ${globalValues} esac` : ''} ;;
${cases}
  esac
  # After --contract: contract names.
  [[ "\${COMP_WORDS[COMP_CWORD-1]}" == "--contract" ]] && words="${NAMES('"${COMP_WORDS[0]}"')}"
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _specver_complete specver
`;
}

export function zshScript(program: Command): string {
  return `#compdef specver
# zsh completion for specver; add to ~/.zshrc:  source <(specver completion zsh)
autoload -U bashcompinit && bashcompinit
${bashScript(program)}`;
}

export function fishScript(program: Command): string {
  const lines = ['# fish completion for specver:  specver completion fish > ~/.config/fish/completions/specver.fish'];
  const commands = collectCommands(program);
  const top = commands.filter((c) => !c.path.includes(' '));
  for (const c of top) {
    lines.push(`complete -c specver -n "__fish_use_subcommand" -a ${c.path} -d '${c.description.replace(/'/g, "\\'")}'`);
  }
  for (const c of commands) {
    const words = c.path.split(' ');
    const condition =
      words.length === 1 ? `__fish_seen_subcommand_from ${words[0]}` : `__fish_seen_subcommand_from ${words[0]}; and __fish_seen_subcommand_from ${words[1]}`;
    for (const sub of c.subcommands) lines.push(`complete -c specver -n "${condition}" -a ${sub}`);
    for (const flag of c.options.filter((f) => f.startsWith('--'))) {
      const choices = c.values.get(flag);
      const names = flag === '--contract' ? ` -r -a "(specver contract list --names 2>/dev/null)"` : choices ? ` -x -a "${choices.join(' ')}"` : '';
      lines.push(`complete -c specver -n "${condition}" -l ${flag.slice(2)}${names}`);
    }
    if (c.argumentValues.length > 0) lines.push(`complete -c specver -n "${condition}" -f -a "${c.argumentValues.join(' ')}"`);
    if (c.takesContracts) lines.push(`complete -c specver -n "${condition}" -f -a "(specver contract list --names 2>/dev/null)"`);
  }
  for (const flag of globalFlags(program).filter((f) => f.startsWith('--'))) lines.push(`complete -c specver -l ${flag.slice(2)}`);
  return `${lines.join('\n')}\n`;
}
