/**
 * Reads back what PowerShell would take from the completion script (completions/wfd.ps1), which
 * cannot run here: its tables, and whether its brackets close outside its strings. The tables'
 * forms are the ones src/commands/completion/powershell.ts writes; anything else is an error.
 */

export interface PsCommand {
  Subs: string[];
  SubDescs: string[];
  Flags: string[];
  FlagDescs: string[];
  ValueFlags: string[];
  Args: string[];
}

export interface PsValue {
  How: string;
  Words: string[];
  Descs: string[];
}

export interface PsTables {
  children: Map<string, string>;
  commands: Map<string, PsCommand>;
  values: Map<string, PsValue>;
}

/** A single-quoted string ('' is a quote). */
const STRING = "'(?:[^']|'')*'";
const ARRAY = String.raw`@\((?:${STRING}(?:, ${STRING})*)?\)`;

function unquote(text: string): string {
  return text.slice(1, -1).replaceAll("''", "'");
}

function strings(array: string): string[] {
  return [...array.matchAll(new RegExp(STRING, 'g'))].map((m) => unquote(m[0]));
}

/** `Name = @(...)` pairs of a hashtable's body. */
function fields(body: string): Record<string, string[] | string> {
  const found: Record<string, string[] | string> = {};
  for (const m of body.matchAll(new RegExp(String.raw`(\w+) = (${ARRAY}|${STRING})`, 'g'))) {
    found[m[1]!] = m[2]!.startsWith('@') ? strings(m[2]!) : unquote(m[2]!);
  }
  return found;
}

export function readPowerShellTables(script: string): PsTables {
  const children = new Map<string, string>();
  for (const m of script.matchAll(new RegExp(String.raw`^\$children\[(${STRING})\] = (${STRING})$`, 'gm')))
    children.set(unquote(m[1]!), unquote(m[2]!));
  const commands = new Map<string, PsCommand>();
  for (const m of script.matchAll(
    new RegExp(String.raw`^\$commands\[(${STRING})\] = @\{\n([^]*?)\n\}$`, 'gm'),
  ))
    commands.set(unquote(m[1]!), fields(m[2]!) as unknown as PsCommand);
  const values = new Map<string, PsValue>();
  const valueRe = String.raw`^\$value = @\{ (.*) \}\nforeach \(\$key in (${ARRAY})\) \{ \$values\[\$key\] = \$value \}$`;
  for (const m of script.matchAll(new RegExp(valueRe, 'gm'))) {
    const value = fields(m[1]!) as unknown as PsValue;
    for (const key of strings(m[2]!)) values.set(key, value);
  }
  return { children, commands, values };
}

/**
 * The first bracket that does not close, outside single- and double-quoted strings, comments and
 * backtick escapes (PowerShell's own); undefined when all close.
 */
export function unbalancedBracket(script: string): string | undefined {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === '`') i++;
    else if (c === '#') i = script.indexOf('\n', i);
    else if (c === "'") {
      for (i++; !(script[i] === "'" && script[i + 1] !== "'"); i += script[i] === "'" ? 2 : 1)
        if (i >= script.length) return 'an unclosed string';
    } else if (c === '"') {
      for (i++; script[i] !== '"'; i += script[i] === '`' ? 2 : 1)
        if (i >= script.length) return 'an unclosed string';
    } else if ('([{'.includes(c)) stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return `${c} at offset ${i}`;
    if (i < 0) break;
  }
  return stack.length > 0 ? `${stack.at(-1)} left open` : undefined;
}
