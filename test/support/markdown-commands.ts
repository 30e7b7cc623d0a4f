/**
 * The command lines of a markdown file's shell blocks (```sh, ```bash, ```shell), as a reader
 * would paste them: continuation lines (` \`) joined, comment-only and empty lines left out.
 */

export interface ShellBlock {
  /** 1-based line of the opening fence */
  line: number;
  /** the block's text, as written */
  text: string;
  commands: CommandLine[];
}

export interface CommandLine {
  /** 1-based line where the command starts */
  line: number;
  text: string;
}

const FENCE = /^```(sh|bash|shell)\s*$/;

export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!FENCE.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    blocks.push({ line: start + 1, text: body.join('\n'), commands: commandLines(body, start + 2) });
  }
  return blocks;
}

function commandLines(body: readonly string[], firstLine: number): CommandLine[] {
  const commands: CommandLine[] = [];
  let current: CommandLine | undefined;
  body.forEach((raw, index) => {
    const text = raw.trim();
    if (current) current.text += ` ${text}`;
    else if (text === '' || text.startsWith('#')) return;
    else current = { line: firstLine + index, text };
    if (current.text.endsWith('\\')) current.text = current.text.slice(0, -1).trimEnd();
    else {
      commands.push(current);
      current = undefined;
    }
  });
  return commands;
}
