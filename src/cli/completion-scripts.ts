/**
 * Shell completion scripts generated from the commander program itself, so they never drift from the
 * registered commands and options.
 */
import type { Command } from 'commander';

interface CommandInfo {
  /** Space-separated path: `contract add`. */
  path: string;
  description: string;
  options: string[];
  subcommands: string[];
  /** Its positional arguments are contract names (`diff [contracts...]`, `contract remove <name>`). */
  takesContracts: boolean;
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
      });
      visit(sub, path);
    }
  };
  visit(program, '');
  return result;
}

function globalFlags(program: Command): string[] {
  return program.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
}

export function bashScript(program: Command): string {
  const commands = collectCommands(program);
  const top = commands.filter((c) => !c.path.includes(' ')).map((c) => c.path);
  const cases = commands
    .map((c) => `    "${c.path}") words="${[...c.subcommands, ...c.options].join(' ')}"${c.takesContracts ? ` ; [[ "$cur" != -* ]] && words="$words ${NAMES('"${COMP_WORDS[0]}"')}"` : ''} ;;`)
    .join('\n');
  return `# bash completion for specver; add to ~/.bashrc:  source <(specver completion bash)
_specver_complete() {
  local cur path word i
  cur="\${COMP_WORDS[COMP_CWORD]}"
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
    "") words="${[...top, ...globalFlags(program)].join(' ')}" ;;
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
      const names = flag === '--contract' ? ` -r -a "(specver contract list --names 2>/dev/null)"` : '';
      lines.push(`complete -c specver -n "${condition}" -l ${flag.slice(2)}${names}`);
    }
    if (c.takesContracts) lines.push(`complete -c specver -n "${condition}" -f -a "(specver contract list --names 2>/dev/null)"`);
  }
  for (const flag of globalFlags(program).filter((f) => f.startsWith('--'))) lines.push(`complete -c specver -l ${flag.slice(2)}`);
  return `${lines.join('\n')}\n`;
}
