/**
 * A completion script is the command tree as tables in one shell's syntax, between a head (what
 * made the script, how to install it) and the code that walks the words typed so far and
 * completes the current one, which is the same for every tree. Each shell's module (bash.ts,
 * zsh.ts, fish.ts, powershell.ts) gives those three parts.
 */
import type { CommandNode } from './tree.js';

export interface ShellScript {
  readonly head: string;
  /** the tables of the command tree, each a function (or a variable) of the shell's */
  tables(nodes: readonly CommandNode[]): string[];
  readonly walker: string;
}

/** The script `shell` makes of the command tree `nodes`. */
export function renderScript(shell: ShellScript, nodes: readonly CommandNode[]): string {
  return [shell.head, ...shell.tables(nodes), shell.walker].join('\n\n');
}

/** `name() { <body> }` of a POSIX-like shell, under its comment. */
export function shFunction(comment: string, name: string, body: string): string {
  return `${comment
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n')}\n${name}() {\n${body}\n}`;
}

/** `case "<subject>" in <branches> <last> esac`: the body of a table function of bash or zsh. */
export function shCase(subject: string, branches: string[], last?: string): string {
  return [`  case "${subject}" in`, ...branches, ...(last ? [last] : []), '  esac'].join('\n');
}
