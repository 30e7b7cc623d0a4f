/**
 * What `wfd sandbox start` prints for a person: where it listens, its console, the tokens, the
 * OAuth client, where the state lives, the faults, and what to try next, every line within 80
 * columns (a path longer than a line gets a line of its own). Scripts read the -o json line.
 */
import { plainText } from '../../output/cells.js';
import { createTextMetrics } from '../../output/text-width.js';

const WIDTH = 80;

export interface BannerFacts {
  readonly baseUrl: string;
  readonly workspaces: ReadonlyArray<{ slug: string; name: string; token: string }>;
  readonly oauth: { readonly client_id: string; readonly redirect_uris: readonly string[] };
  /** Absolute; null in memory. */
  readonly dataDir: string | null;
  /** With --tls: the file of the CA that signed its certificate, for clients to trust. */
  readonly caFile?: string | null;
  /** `current`: profile "sandbox" was saved and made the current one; `saved`: saved only. */
  readonly profiles: 'none' | 'saved' | 'current';
  /** The saved profiles' name: `sandbox` (default), or `sandbox-PORT` beside another sandbox still running. */
  readonly profilePrefix?: string;
  /** The base URL of that other sandbox, whose `sandbox` profiles were left pointing at it. */
  readonly keptFor?: string;
  readonly faults?: { readonly spec: string; readonly slowMs: number };
}

export function banner(facts: BannerFacts): string {
  const { width } = createTextMetrics();
  const lines = [
    `wfd sandbox listening on ${facts.baseUrl}`,
    `Console (requests, webhooks, data, faults): ${facts.baseUrl}/`,
    `API description (OpenAPI 3.1): ${facts.baseUrl}/openapi.json`,
  ];
  // The path is the user's: shown safely, on its own line when it would not fit after the label.
  const dir = facts.dataDir === null ? undefined : plainText(facts.dataDir);
  if (dir === undefined) lines.push('State: in memory, gone when it stops (--data-dir DIR keeps it)');
  else if (width(`State: kept in ${dir}`) <= WIDTH) lines.push(`State: kept in ${dir}`);
  else lines.push('State: kept in', `  ${dir}`);
  if (facts.caFile) {
    lines.push(
      "TLS: its certificate is signed by wfd's local CA; a client trusts it with",
      `  NODE_EXTRA_CA_CERTS=${plainText(facts.caFile)}`,
    );
  }

  lines.push('', 'Workspaces and their tokens:');
  const slugWidth = Math.max(...facts.workspaces.map((w) => w.slug.length));
  const nameWidth = Math.max(...facts.workspaces.map((w) => w.name.length));
  for (const w of facts.workspaces) {
    lines.push(`  ${w.slug.padEnd(slugWidth)}  ${w.name.padEnd(nameWidth)}  ${w.token}`);
  }
  const prefix = facts.profilePrefix ?? 'sandbox';
  if (facts.profiles !== 'none') {
    const [first, ...others] = facts.workspaces;
    const names = [`${prefix} (${first?.slug})`, ...others.map((w) => `${prefix}-${w.slug}`)];
    const current = facts.profiles === 'current' ? `; "${prefix}" is the current one` : '';
    lines.push(`Profiles: ${names.join(', ')}${current}`);
    if (facts.keptFor) lines.push(`  "sandbox" still points to the sandbox running at ${facts.keptFor}`);
  }

  // The secret is left to the -o json line: one copy, for scripts.
  lines.push(
    '',
    `OAuth client ${facts.oauth.client_id} (-o json prints its secret)`,
    `  redirect URIs ${facts.oauth.redirect_uris.join(', ')}`,
    '  (loopback: any port)',
  );
  if (facts.faults) {
    lines.push(
      '',
      `Faults: ${facts.faults.spec}`,
      `  slow answers wait ${facts.faults.slowMs} ms; PUT /_sandbox/faults changes them`,
    );
  }

  // Where the next commands find this sandbox: the current profile, the saved one, or its URL.
  const target =
    facts.profiles === 'current'
      ? ''
      : facts.profiles === 'saved'
        ? `--profile ${prefix} `
        : `--base-url ${facts.baseUrl} `;
  const tries: Array<[string, string]> = [
    facts.profiles === 'none'
      ? [`wfd auth login --base-url ${facts.baseUrl}`, 'with a token above']
      : [`wfd ${target}cases list`, ''],
    [`wfd ${target}sandbox open`, 'the console in the browser'],
    [`wfd ${target}sandbox logs --follow`, 'requests as they come'],
    [`wfd ${target}sandbox deliveries --follow`, 'webhook deliveries'],
  ];
  if (dir !== undefined) tries.push(['wfd sandbox reset --data-dir DIR', 'back to the seed, once stopped']);
  lines.push('', 'Try:', ...twoColumns(tries, width), '', 'Ctrl-C stops it.');
  return `${lines.join('\n')}\n`;
}

/** `  command   what it does`, aligned; a description that would not fit is left out. */
function twoColumns(rows: ReadonlyArray<[string, string]>, width: (text: string) => number): string[] {
  const left = Math.max(...rows.map(([command]) => width(command)));
  return rows.map(([command, what]) => {
    const line = `  ${command}${' '.repeat(left - width(command))}   ${what}`.trimEnd();
    return width(line) <= WIDTH ? line : `  ${command}`;
  });
}
