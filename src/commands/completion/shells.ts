/** The shells `wfd completion` writes scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

export type Shell = (typeof SHELLS)[number];

/** Each shell's script, as committed in completions/ (`npm run completions` writes them). */
export const SCRIPT_FILES: Readonly<Record<Shell, string>> = {
  bash: 'completions/wfd.bash',
  zsh: 'completions/_wfd',
  fish: 'completions/wfd.fish',
  powershell: 'completions/wfd.ps1',
};

/** How the scripts ask for status values: one request, given up after 2 s, so TAB never hangs. */
export const STATUS_QUERY = '--request-timeout 2s --retries 0';
