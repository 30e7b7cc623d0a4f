/**
 * The arguments and flags of `wfd auth <verb>`, declared once: index.ts builds commander's
 * options from them, each verb its schema. status, token, refresh, logout and profiles take none.
 */
import type { VerbFlags } from '../../cli/flags.js';

/** RFC 6749 3.3: scope tokens are printable ASCII but space, `"` and `\`, separated by spaces. */
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/;

export const LOGIN = {
  flags: [
    { flag: 'with-token', kind: 'switch', help: 'read a personal token from stdin instead of a prompt' },
    { flag: 'force', kind: 'switch', help: 'replace the login of an existing profile without asking' },
    {
      flag: 'insecure-storage',
      kind: 'switch',
      help: 'keep the token in config.json (mode 0600; on Windows, as its folder allows) instead of the system keyring',
    },
    {
      flag: 'oauth',
      kind: 'switch',
      help: 'sign in with OAuth 2.0 in a browser; the client secret comes from WFD_CLIENT_SECRET or a prompt',
    },
    {
      flag: 'client-id',
      value: 'id',
      kind: 'text',
      help: 'OAuth client id, as the service operator issued it (env WFD_CLIENT_ID)',
    },
    {
      flag: 'redirect-uri',
      value: 'uri',
      kind: 'text',
      help: 'OAuth redirect URI registered for the client (default https://127.0.0.1:<free port>/callback)',
    },
    { flag: 'browser', kind: 'negated', help: 'print the sign-in URL instead of opening a browser' },
    {
      flag: 'manual',
      kind: 'switch',
      help: 'paste the address the browser lands on, instead of listening on 127.0.0.1',
    },
    {
      flag: 'scope',
      value: 'scopes',
      kind: 'text',
      pattern: {
        regex: SCOPE,
        message: 'expected scopes separated by single spaces, such as "offline_access"',
      },
      help: 'OAuth scopes, space-separated (default offline_access, which allows refresh)',
    },
    {
      flag: 'timeout',
      value: 'duration',
      kind: 'duration',
      help: 'how long to wait for the browser to come back (default 5m)',
    },
  ],
} as const satisfies VerbFlags;

export const SWITCH = {
  args: [{ name: 'name', help: 'profile name', completion: { kind: 'profiles' } }],
  flags: [],
} as const satisfies VerbFlags;
