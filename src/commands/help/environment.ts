/**
 * `wfd help environment`: every environment variable wfd reads, grouped by what it is for.
 * test/unit/environment-topic.test.ts finds each variable the code reads and fails
 * when one is not listed here, so a new one cannot go undocumented.
 */
import { describeRules, SPEC_LIMITS } from '../../core/budget/rules.js';

/** One line of the topic: the variable (or variables, `A, B`) and what it does. */
export type EnvironmentEntry = readonly [names: string, help: string];

export interface EnvironmentSection {
  title: string;
  entries: readonly EnvironmentEntry[];
}

export const ENVIRONMENT_SECTIONS: readonly EnvironmentSection[] = [
  {
    title: 'Credentials and the API',
    entries: [
      ['WFD_TOKEN', 'an API token for this run; overrides every profile'],
      ['WFD_BASE_URL', 'the API host root (without /v1); overridden by --base-url'],
      ['WFD_PROFILE', 'the profile to use; overridden by --profile'],
      ['WFD_CLIENT_ID', 'OAuth client id (auth login --oauth)'],
      ['WFD_CLIENT_SECRET', 'OAuth client secret (auth login --oauth), instead of a hidden prompt'],
      [
        'WFD_RATE_LIMIT',
        `client-side rate limit: spec (default: ${describeRules(SPEC_LIMITS.rules)}), off, or N/DURATION[,M/DURATION]; --request-rate overrides it`,
      ],
      [
        'WFD_MAX_WAIT',
        "the longest wfd waits before a request, whether a server asks it to (Retry-After) or the client-side rate budget holds it (default 15m, at most 24h); a longer wait fails at once (exit 7 for a 429 or a hold), saying when to try again. Bulk runs (attachments export, archive, unarchive) wait out a hold as long as the budget's longest window (1h: the hourly budget) unless WFD_MAX_WAIT is set, and say so when they do",
      ],
    ],
  },
  {
    title: 'Proxies and certificates',
    entries: [
      [
        'HTTPS_PROXY, https_proxy',
        'the proxy of requests to an https:// base URL, as curl and gh read it: http://[USER:PASSWORD@]HOST:PORT, credentials percent-encoded; the lower-case one first where both are set',
      ],
      ['HTTP_PROXY, http_proxy', 'the proxy of requests to an http:// base URL'],
      ['ALL_PROXY, all_proxy', "the proxy of either, where the scheme's own is unset"],
      [
        'NO_PROXY, no_proxy',
        'hosts reached directly, comma-separated: names (each covering its subdomains), *, IP addresses, CIDR ranges, each with an optional :port; a base URL on this machine is never proxied',
      ],
      [
        'NODE_EXTRA_CA_CERTS',
        "a PEM file of your organisation's CA, for a server whose certificate it signed (read by Node)",
      ],
      [
        'NODE_USE_SYSTEM_CA',
        "1: Node also trusts the system's CA store (Node 22.19, 24.6 and later; NODE_OPTIONS=--use-system-ca from 22.15); `wfd doctor` shows the CA sources in effect",
      ],
    ],
  },
  {
    title: 'Files',
    entries: [
      [
        'WFD_CONFIG_DIR',
        'the config folder (mode 0700) and its config.json (profiles and tokens, mode 0600); by default $XDG_CONFIG_HOME/wfd or ~/.config/wfd (Linux), ~/Library/Preferences/wfd (macOS), %APPDATA%\\wfd\\Config (Windows); made when wfd first saves to it, never by a command that only reads',
      ],
      [
        'WFD_CACHE_DIR',
        "the cache folder, which keeps V8's compiled code of wfd for faster starts (per Node version, flags and install of wfd, each file checked before use; safe to delete; not used when group or others may write to it); by default $XDG_CACHE_HOME/wfd or ~/.cache/wfd (Linux), ~/Library/Caches/wfd (macOS), %LOCALAPPDATA%\\wfd\\Cache (Windows)",
      ],
      ['NODE_DISABLE_COMPILE_CACHE', 'any value: keep no compiled code in the cache folder'],
    ],
  },
  {
    title: 'The terminal',
    entries: [
      [
        'WFD_PAGER',
        "the pager of long output on a terminal (run by the shell; cat or empty: none); before the config's pager, then PAGER, then less (none on Windows)",
      ],
      ['PAGER', "the pager when neither WFD_PAGER nor the config's pager is set"],
      [
        'LESS, LV, LESSCHARSET',
        'passed to the pager; when unset, LESS=FRX and LV=-c (as gh and git), and LESSCHARSET=utf-8 unless LC_ALL, LC_CTYPE or LANG names UTF-8',
      ],
      ['LC_ALL, LC_CTYPE, LANG', 'the locale, read only to tell the pager that wfd writes UTF-8'],
      [
        'WFD_PROMPT_DISABLED',
        'any value but 0 or false: never prompt, as --no-input (also `wfd config set prompt disabled`)',
      ],
      ['NO_COLOR', 'any value turns colour off'],
      ['CLICOLOR', '0 turns colour off, as NO_COLOR'],
      ['CLICOLOR_FORCE', 'any value but 0 turns colour on even when stdout is not a terminal'],
      [
        'FORCE_COLOR',
        'as CLICOLOR_FORCE (0 or false: off); these two win over NO_COLOR and CLICOLOR, --no-color over all',
      ],
      ['COLUMNS', 'the width of tables and help when stdout is not a terminal (default 80)'],
      [
        'BROWSER',
        "the program that opens the OAuth login page, given the URL as its last argument; the config's `browser` wins",
      ],
      [
        'WFD_PROGRESS_INTERVAL',
        'how often `attachments export` prints a progress line when stderr is not a terminal (default 30s)',
      ],
    ],
  },
  {
    title: 'Debugging',
    entries: [
      [
        'NODE_DEBUG_NATIVE',
        'COMPILE_CACHE: say on stderr what happened to each file of the compile cache (--debug shows the requests)',
      ],
      [
        'NODE_OPTIONS',
        "Node's own options; part of the compile cache's key, as V8 rejects code compiled under other flags",
      ],
    ],
  },
  {
    title: "The platform's folders and services",
    entries: [
      [
        'HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME',
        'where the config, cache and rate-budget folders are (Linux, macOS)',
      ],
      ['USERPROFILE, APPDATA, LOCALAPPDATA', 'the same on Windows'],
      ['ComSpec', 'the command interpreter that runs the pager, the browser and shell aliases on Windows'],
      [
        'DBUS_SESSION_BUS_ADDRESS',
        'the D-Bus session of the Secret Service keyring (Linux); unset: tokens go to the config file',
      ],
    ],
  },
];

/** Every variable the topic names. */
export function documentedVariables(): Set<string> {
  return new Set(
    ENVIRONMENT_SECTIONS.flatMap((section) => section.entries.flatMap(([names]) => names.split(', '))),
  );
}

/** The widest name column: a longer name has its line to itself, its help on the next. */
const NAME_WIDTH = 22;

/** The topic's text (re-flowed to the terminal by `wfd help`). */
export function environmentHelp(): string {
  const entries = ENVIRONMENT_SECTIONS.flatMap((section) => section.entries);
  const width = Math.max(0, ...entries.map(([names]) => names.length).filter((n) => n <= NAME_WIDTH));
  const sections = ENVIRONMENT_SECTIONS.map((section) => {
    const lines = section.entries.map(([names, help]) =>
      names.length > width
        ? `  ${names}\n  ${' '.repeat(width)}  ${help}`
        : `  ${names.padEnd(width)}  ${help}`,
    );
    return `${section.title}:\n${lines.join('\n')}`;
  });
  return `Environment variables

${sections.join('\n\n')}

Credentials are chosen in this order: WFD_TOKEN, --profile, WFD_PROFILE, the current profile.

Settings kept in the config file: \`wfd config list\`.
`;
}
