/**
 * Drives the completion scripts in the real shells: bash through its completion function (with
 * COMP_WORDS split as bash splits them), zsh through its completion system on a pseudo-terminal
 * (complete.zsh), fish through `complete -C`. Each runs every line in one shell process.
 *
 * Profile names come from the built `bin/wfd.js` (`npm run build`), reached as `wfd` on PATH.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ShellName = 'bash' | 'zsh' | 'fish';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const COMPLETIONS = join(ROOT, 'completions');
const BIN = join(ROOT, 'bin', 'wfd.js');
const ZSH_DRIVER = fileURLToPath(new URL('complete.zsh', import.meta.url));

/** What a shell offered at the end of a line. */
export interface Offered {
  /** each candidate as it would stand on the line once chosen, sorted */
  words: string[];
  /** what zsh's list or fish's pager shows beside the words (none for bash) */
  shown: string[];
  /**
   * bash: the options the script set with `compopt` (`-o nospace`); fish: `-o nospace` when it
   * offered a word and the same with a comma, its way to stop without a space
   */
  options?: string[];
}

/**
 * Whether the tests of `shell` run: always in CI (CI=true), where a missing shell is a failure,
 * else only when it is installed.
 */
export function shellAvailability(shell: ShellName): { skip: boolean; reason: string } {
  const installed = spawnSync(shell, ['-c', 'exit 0']).status === 0;
  if (installed) return { skip: false, reason: '' };
  return process.env.CI === 'true'
    ? { skip: false, reason: `${shell} is missing, and CI=true makes these tests mandatory` }
    : { skip: true, reason: `${shell} is not installed (apt-get install ${shell}); CI runs these` };
}

/** A folder for a test's run: a `wfd` on PATH running the built binary, a config folder, a cwd. */
export interface Workspace {
  /** the folder holding the others, for a test's own files */
  root: string;
  env: NodeJS.ProcessEnv;
  configDir: string;
  cwd: string;
  remove(): void;
}

export function workspace(): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'wfd-shells-'));
  const bin = join(root, 'bin');
  const configDir = join(root, 'config');
  const cwd = join(root, 'cwd');
  for (const dir of [bin, configDir, cwd]) mkdirSync(dir);
  const wfd = join(bin, 'wfd');
  writeFileSync(wfd, `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(wfd, 0o755);
  const env: NodeJS.ProcessEnv = {
    PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    HOME: root,
    XDG_CONFIG_HOME: join(root, 'xdg-config'),
    XDG_DATA_HOME: join(root, 'xdg-data'),
    TERM: 'xterm',
    LANG: 'C.UTF-8',
    WFD_CONFIG_DIR: configDir,
  };
  return { root, env, configDir, cwd, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Saves profiles `names` in the workspace's config file, as `wfd auth login` would. */
export function saveProfiles(ws: Workspace, names: readonly string[]): void {
  const profiles = Object.fromEntries(
    names.map((name) => [name, { baseUrl: 'https://api.example.com', authType: 'token', token: 't' }]),
  );
  writeFileSync(join(ws.configDir, 'config.json'), JSON.stringify({ currentProfile: names[0], profiles }), {
    mode: 0o600,
  });
}

/** Adds aliases to the workspace's config file, as `wfd alias set` would. */
export function addAliases(ws: Workspace, aliases: Record<string, string>): void {
  const path = join(ws.configDir, 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...config, aliases }), { mode: 0o600 });
}

/** Runs each line's completion in `shell`; `script` replaces the committed one (bash only). */
export function complete(
  shell: ShellName,
  lines: readonly string[],
  ws: Workspace,
  options: { script?: string; zshSourced?: boolean } = {},
): Map<string, Offered> {
  if (shell === 'bash') return completeBash(lines, ws, options.script ?? join(COMPLETIONS, 'wfd.bash'));
  if (shell === 'zsh') return completeZsh(lines, ws, options.zshSourced === true);
  return completeFish(lines, ws);
}

function run(command: string, args: string[], ws: Workspace, env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, {
    cwd: ws.cwd,
    env: { ...ws.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** Splits output into the parts after each `== line` header. */
function sections(output: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const text of output.split('\n')) {
    if (text.startsWith('== ')) {
      current = [];
      out.set(text.slice(3), current);
    } else if (current && text !== '') current.push(text);
  }
  return out;
}

function sorted(words: Iterable<string>): string[] {
  return [...new Set(words)].sort();
}

/** How the bash script registers itself (`complete -p wfd`). */
export function bashRegistration(): string {
  return spawnSync('bash', ['--norc', '-c', `source ${sq(join(COMPLETIONS, 'wfd.bash'))}; complete -p wfd`], {
    encoding: 'utf8',
  }).stdout;
}

/**
 * The words bash puts in COMP_WORDS for `line`: split at blanks, each run of ':' or '=' (in
 * COMP_WORDBREAKS) a word of its own, a quoted word (standing alone) whole; a line ending in a
 * blank starts an empty word.
 */
export function compWords(line: string): string[] {
  const words: string[] = line.match(/'[^']*'|"[^"]*"|[:=]+|[^\s:=]+/g) ?? [];
  if (line === '' || /\s$/.test(line)) words.push('');
  return words;
}

const sq = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function completeBash(lines: readonly string[], ws: Workspace, script: string): Map<string, Offered> {
  const calls = lines.map((line) => {
    const words = compWords(line);
    return [
      `printf '== %s\\n' ${sq(line)}`,
      `COMP_LINE=${sq(line)} COMP_POINT=${line.length} COMP_CWORD=${words.length - 1}`,
      `COMP_WORDS=(${words.map(sq).join(' ')}) COMPREPLY=() OPTIONS=()`,
      `_wfd; printf '%s\\n' "\${COMPREPLY[@]}"; printf 'OPTION %s\\n' "\${OPTIONS[@]}"`,
    ].join('\n');
  });
  // compopt works only under readline's completion: here it records what it was asked.
  const compopt = 'compopt() { OPTIONS+=("$*"); }';
  const output = run(
    'bash',
    ['--norc', '--noprofile', '-c', `${compopt}\nsource ${sq(script)}\n${calls.join('\n')}`],
    ws,
  );
  const offered = new Map<string, Offered>();
  for (const [line, printed] of sections(output)) {
    // Readline replaces what follows the word's last ':' or '='; the replies are that part.
    const current = line.split(/\s/).at(-1)!;
    const kept = current.slice(0, current.search(/[^:=]*$/));
    const replies = printed.filter((text) => !text.startsWith('OPTION '));
    const options = printed.filter((text) => text.startsWith('OPTION ') && text !== 'OPTION ');
    offered.set(line, {
      words: sorted(replies.map((reply) => kept + reply)),
      shown: [],
      options: options.map((text) => text.slice('OPTION '.length)),
    });
  }
  return offered;
}

function completeZsh(lines: readonly string[], ws: Workspace, sourced: boolean): Map<string, Offered> {
  const output = run(
    'zsh',
    ['-f', ZSH_DRIVER, COMPLETIONS, ...lines],
    ws,
    sourced ? { WFD_ZSH_SOURCE: '1' } : {},
  );
  const offered = new Map<string, Offered>();
  for (const [line, reports] of sections(output)) {
    const words: string[] = [];
    const shown: string[] = [];
    for (const report of reports) {
      const [kind, word, display] = report.split('@@');
      if (kind === 'W' && word) words.push(word);
      const text = (kind === 'W' ? display : word)?.trim();
      if (text) shown.push(text.replace(/\s+/g, ' '));
    }
    offered.set(line, { words: sorted(words), shown });
  }
  return offered;
}

function completeFish(lines: readonly string[], ws: Workspace): Map<string, Offered> {
  // Loaded as installed: fish finds wfd.fish on its completion path when `wfd` is completed.
  const script = `set -p fish_complete_path $WFD_COMPLETIONS
for line in $argv
    echo "== $line"
    complete -C "$line"
end`;
  const output = run('fish', ['--no-config', '-c', script, ...lines], ws, { WFD_COMPLETIONS: COMPLETIONS });
  const offered = new Map<string, Offered>();
  for (const [line, candidates] of sections(output)) {
    const pairs = candidates.map((text) => text.split('\t'));
    const all = pairs.map(([word]) => word!);
    const twins = all.filter((word) => word.endsWith(',') && all.includes(word.slice(0, -1)));
    offered.set(line, {
      words: sorted(all.filter((word) => !twins.includes(word))),
      options: twins.length > 0 ? ['-o nospace'] : [],
      shown: pairs
        .filter(([, description]) => description)
        .map(([word, description]) => `${word} -- ${description}`),
    });
  }
  return offered;
}
