/**
 * Shell completion scripts generated from the commander tree, so they never drift from the
 * commands. `completions/` holds the committed output (test/unit/completions.test.ts keeps it
 * in step); `wfd completion <shell>` prints the same text.
 */
import type { Command } from 'commander';

interface Node {
  /** words after `wfd`, e.g. "cases list" ("" for the root) */
  path: string;
  /** the ways to type this node's path: aliases included ("cases ls") */
  spellings: string[];
  subcommands: string[];
  flags: string[];
}

/** Values offered after a flag that takes one. */
const FLAG_VALUES: Record<string, string[]> = {
  '--output': ['table', 'plain', 'json', 'ndjson', 'csv'],
  '--parent-status': ['draft', 'pending', 'in_progress', 'closed'],
  '--waiting-for': ['none', 'owner', 'contact'],
  '--rate-limit': ['spec', 'off'],
};

function walk(command: Command, prefix: string[] = []): Node[] {
  const flags = command.options.flatMap((o) => [o.long, o.short]).filter((f): f is string => Boolean(f));
  const subcommands = command.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  const parent = prefix.slice(0, -1).join(' ');
  const spellings =
    prefix.length === 0
      ? []
      : [command.name(), ...command.aliases()].map((n) => (parent ? `${parent} ${n}` : n));
  const node = { path: prefix.join(' '), spellings, subcommands, flags: [...flags, '--help'] };
  return [node, ...command.commands.flatMap((c) => walk(c, [...prefix, c.name()]))];
}

export function generateCompletion(program: Command, shell: 'bash' | 'zsh' | 'fish'): string {
  const nodes = walk(program);
  if (shell === 'bash') return bash(nodes);
  if (shell === 'zsh') return zsh(nodes);
  return fish(nodes);
}

function bash(nodes: Node[]): string {
  const cases = nodes
    .map((n) => `    "${n.path}") words="${[...n.subcommands, ...n.flags].join(' ')}" ;;`)
    .join('\n');
  const values = Object.entries(FLAG_VALUES)
    .map(
      ([flag, list]) =>
        `    ${flag}${flag === '--output' ? '|-o' : ''}) COMPREPLY=($(compgen -W "${list.join(' ')}" -- "$cur")); return ;;`,
    )
    .join('\n');
  return `# bash completion for wfd (generated; do not edit)
_wfd() {
  local cur prev path="" words i w candidate
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
${values}
  esac
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    if [[ -z "$path" ]]; then candidate="$w"; else candidate="$path $w"; fi
    case "$candidate" in
${nodes
  .filter((n) => n.spellings.length > 0)
  .map((n) => `      ${n.spellings.map((p) => `"${p}"`).join('|')}) path="${n.path}" ;;`)
  .join('\n')}
    esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _wfd wfd
`;
}

function zsh(nodes: Node[]): string {
  const entries = nodes.map((n) => `  "${n.path}" "${[...n.subcommands, ...n.flags].join(' ')}"`).join('\n');
  const aliases = nodes.flatMap((n) => n.spellings.map((p) => `  "${p}" "${n.path}"`)).join('\n');
  const values = Object.entries(FLAG_VALUES)
    .map(([flag, list]) => `  "${flag}" "${list.join(' ')}"`)
    .join('\n');
  return `#compdef wfd
# zsh completion for wfd (generated; do not edit)
typeset -A _wfd_words _wfd_paths _wfd_values
_wfd_words=(
${entries}
)
_wfd_paths=(
${aliases}
)
_wfd_values=(
${values}
  "-o" "${FLAG_VALUES['--output']!.join(' ')}"
)
_wfd() {
  local path="" w candidate
  local prev="\${words[CURRENT-1]}"
  if (( \${+_wfd_values[$prev]} )); then
    compadd -- \${=_wfd_values[$prev]}
    return
  fi
  for w in "\${words[@]:1:CURRENT-2}"; do
    [[ "$w" == -* ]] && continue
    if [[ -z "$path" ]]; then candidate="$w"; else candidate="$path $w"; fi
    (( \${+_wfd_paths[$candidate]} )) && path="\${_wfd_paths[$candidate]}"
  done
  compadd -- \${=_wfd_words[$path]}
}
compdef _wfd wfd
`;
}

function fish(nodes: Node[]): string {
  const lines = ['# fish completion for wfd (generated; do not edit)', 'complete -c wfd -f'];
  for (const node of nodes) {
    const words = node.path ? node.path.split(' ') : [];
    const condition =
      words.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${words.at(-1)}`;
    for (const sub of node.subcommands) lines.push(`complete -c wfd -n '${condition}' -a '${sub}'`);
    for (const flag of node.flags.filter((f) => f.startsWith('--'))) {
      const values = FLAG_VALUES[flag];
      const arg = values ? ` -x -a '${values.join(' ')}'` : '';
      lines.push(`complete -c wfd -n '${condition}' -l '${flag.slice(2)}'${arg}`);
    }
  }
  return `${[...new Set(lines)].join('\n')}\n`;
}
