/** The start-up banner of `wfd sandbox start`: what it tells, within 80 columns. */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { type BannerFacts, banner } from '../../src/commands/sandbox/banner.js';

const SECRET = 'f'.repeat(64);
const FACTS: BannerFacts = {
  baseUrl: 'http://127.0.0.1:4010',
  workspaces: [
    { slug: 'acme', name: 'Acme Corporation', token: `wfd_${'a'.repeat(32)}` },
    { slug: 'globex', name: 'Globex Inc.', token: `wfd_${'b'.repeat(32)}` },
  ],
  // The object start hands over holds the secret too: the banner must leave it out.
  oauth: {
    client_id: 'wfd-sandbox-0123456789abcdef',
    client_secret: SECRET,
    redirect_uris: ['https://127.0.0.1/callback', 'https://localhost/callback'],
  } as BannerFacts['oauth'],
  dataDir: '/home/dev/project/.sandbox',
  profiles: 'current',
};

const widest = (text: string) => Math.max(...text.split('\n').map((line) => stringWidth(line)));

describe('the sandbox banner', () => {
  it('shows the URL, where the state lives, the tokens, the OAuth client and what to try next', () => {
    expect(banner(FACTS)).toBe(`wfd sandbox listening on http://127.0.0.1:4010
Console (requests, webhooks, data, faults): http://127.0.0.1:4010/
API description (OpenAPI 3.1): http://127.0.0.1:4010/openapi.json
State: kept in /home/dev/project/.sandbox

Workspaces and their tokens:
  acme    Acme Corporation  wfd_${'a'.repeat(32)}
  globex  Globex Inc.       wfd_${'b'.repeat(32)}
Profiles: sandbox (acme), sandbox-globex; "sandbox" is the current one

OAuth client wfd-sandbox-0123456789abcdef (-o json prints its secret)
  redirect URIs https://127.0.0.1/callback, https://localhost/callback
  (loopback: any port)

Try:
  wfd cases list
  wfd sandbox open                   the console in the browser
  wfd sandbox logs --follow          requests as they come
  wfd sandbox deliveries --follow    webhook deliveries
  wfd sandbox reset --data-dir DIR   back to the seed, once stopped

Ctrl-C stops it.
`);
    expect(banner(FACTS)).not.toContain(SECRET);
  });

  it('stays within 80 columns without profiles, with faults, and on a five-digit port', () => {
    const text = banner({
      ...FACTS,
      baseUrl: 'http://127.0.0.1:65535',
      dataDir: null,
      profiles: 'none',
      faults: { spec: '429:0.1,500:0.05,502:0.05,503:0.05,504:0.05,reset:0.02,slow:0.02', slowMs: 600_000 },
    });
    expect(widest(text)).toBeLessThanOrEqual(80);
    expect(text).toContain('State: in memory, gone when it stops (--data-dir DIR keeps it)');
    expect(text).toContain('  wfd auth login --base-url http://127.0.0.1:65535');
    expect(text).toContain('  wfd --base-url http://127.0.0.1:65535 sandbox logs --follow');
    expect(text).toContain('Faults: 429:0.1,500:0.05,502:0.05,503:0.05,504:0.05,reset:0.02,slow:0.02');
    expect(text).not.toContain('Profiles:');
    expect(text).not.toContain('sandbox reset');
  });

  it('names the saved profile when another one is current', () => {
    const text = banner({ ...FACTS, profiles: 'saved' });
    expect(text).toContain('Profiles: sandbox (acme), sandbox-globex\n');
    expect(text).toContain('  wfd --profile sandbox sandbox logs --follow');
    expect(widest(text)).toBeLessThanOrEqual(80);
  });

  it('beside another sandbox still running: profiles named by the port, and says which one "sandbox" keeps', () => {
    const text = banner({
      ...FACTS,
      baseUrl: 'http://127.0.0.1:40111',
      profiles: 'saved',
      profilePrefix: 'sandbox-40111',
      keptFor: 'http://127.0.0.1:4010',
    });
    expect(text).toContain(
      'Profiles: sandbox-40111 (acme), sandbox-40111-globex\n' +
        '  "sandbox" still points to the sandbox running at http://127.0.0.1:4010\n',
    );
    expect(text).toContain('  wfd --profile sandbox-40111 cases list\n');
    expect(widest(text)).toBeLessThanOrEqual(80);
  });

  it('puts a long path on a line of its own, escaped', () => {
    const long = `/tmp/${'very-long-directory-name/'.repeat(3)}data\u001b[31m`;
    const text = banner({ ...FACTS, dataDir: long });
    expect(text).toContain(`State: kept in\n  /tmp/${'very-long-directory-name/'.repeat(3)}data^[[31m\n`);
    expect(text).not.toContain('\u001b');
  });
});
