/** The shells `wfd completion` writes scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export type Shell = (typeof SHELLS)[number];

/** How the scripts ask for status values: one request, given up after 2 s, so TAB never hangs. */
export const STATUS_QUERY = '--request-timeout 2s --retries 0';
