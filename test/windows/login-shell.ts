/**
 * Fresh login shells, as an admin opens one after installing a package: a home of their own with
 * no rc file (zsh's aside, below), an environment holding only what a terminal login sets, PATH
 * and the rest from /etc/profile and the shell's own system files. TAB is typed on a
 * pseudo-terminal (`script`), so completion goes through each shell's own loader: bash-completion's
 * on the first TAB (started by /etc/profile.d/bash_completion.sh), zsh's compinit over $fpath,
 * fish's autoloading.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type LoginShell = 'bash' | 'zsh' | 'fish';

/** The shell's path, found on this process's PATH: a login environment starts without one. */
function shellPath(shell: LoginShell): string {
  const found = spawnSync('sh', ['-c', `command -v ${shell}`], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error(`${shell} is not installed (apt-get install ${shell})`);
  return found;
}

/**
 * A login environment in `home`, plus `extra`. zsh completes nothing until compinit runs, which
 * Debian leaves to the user's .zshrc (zsh-newuser-install writes it; Ubuntu's /etc/zsh/zshrc
 * runs it for everyone): that line, and nothing about wfd, is the .zshrc here.
 */
export function loginEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // fish's first interactive start writes completions from every man page into this folder, in
  // the background, outliving the shell: a home where it exists, as after that first start.
  mkdirSync(join(home, '.local/share/fish/generated_completions'), { recursive: true });
  writeFileSync(join(home, '.zshrc'), 'autoload -Uz compinit && compinit\n');
  return { HOME: home, USER: 'root', LOGNAME: 'root', TERM: 'xterm', LANG: 'C.UTF-8', ...extra };
}

/** Runs `command` in a non-interactive login shell: `bash -l -c`. */
export function inLoginShell(command: string, env: NodeJS.ProcessEnv) {
  return spawnSync(shellPath('bash'), ['-l', '-c', command], {
    env,
    cwd: env.HOME,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const ESC = String.fromCharCode(27);
/** What shells write once they read keys: bracketed paste turned on, at each prompt. */
const PROMPT_READY = `${ESC}[?2004h`;

/**
 * Types `keys` at the first prompt of an interactive login `shell` on a pseudo-terminal, waits
 * until the screen's text (escape sequences dropped) matches `until`, then clears the line and
 * exits. Returns that text; fails with what the screen showed after 60 s without a match.
 */
export function typeAtPrompt(
  shell: LoginShell,
  keys: string,
  until: RegExp,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const child = spawn('/usr/bin/script', ['-qec', `${shellPath(shell)} -l -i`, '/dev/null'], {
    env,
    cwd: env.HOME,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  let typed = false;
  let matched = false;
  const text = () =>
    raw
      .replace(new RegExp(`${ESC}(\\[[?\\d;]*[a-zA-Z]|\\][^\\x07]*\\x07|\\(B|[=>])`, 'g'), '')
      .replace(/\r/g, '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${shell}: no ${until} on the screen after 60 s:\n${text()}`));
    }, 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      raw += chunk;
      if (!typed && raw.includes(PROMPT_READY)) {
        typed = true;
        child.stdin.write(keys);
      } else if (typed && !matched && until.test(text())) {
        matched = true;
        // Ctrl-U clears the line (and closes fish's list of candidates) before `exit`.
        child.stdin.write('\x15exit\n');
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      if (matched) resolve(text());
      else reject(new Error(`${shell} exited before ${until} showed:\n${text()}`));
    });
  });
}
