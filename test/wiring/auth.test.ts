/** argv -> the options the auth verbs receive, and command lines refused before they run. */
import { describe, it } from 'vitest';
import { expectParsed, expectRefused } from '../support/wiring.js';

describe('auth: argv -> the options a verb receives', () => {
  it.each([
    [['auth', 'login', '--with-token'], 'auth login', { withToken: true, browser: true, timeout: 300_000 }],
    [
      ['auth', 'login', '--oauth', '--client-id', 'app', '--no-browser', '--timeout', '2m'],
      'auth login',
      { oauth: true, clientId: 'app', browser: false, timeout: 120_000 },
    ],
    [
      [
        'auth',
        'login',
        '--oauth',
        '--manual',
        '--redirect-uri',
        'https://app.example/done',
        '--scope',
        'openid offline_access',
      ],
      'auth login',
      {
        oauth: true,
        manual: true,
        redirectUri: 'https://app.example/done',
        scope: 'openid offline_access',
        browser: true,
        timeout: 300_000,
      },
    ],
    [['auth', 'refresh'], 'auth refresh', {}],
    [['auth', 'token'], 'auth token', {}],
  ])('wfd %j -> %s %j', (args, command, options) => expectParsed(args, command, options));
});

describe('auth: bad command lines exit 2 before the verb runs', () => {
  it.each([
    [
      ['auth', 'login', '--oauth', '--with-token'],
      '--with-token: reads a personal token: it cannot be used with --oauth',
    ],
    [['auth', 'login', '--client-id', 'app'], '--client-id: is an OAuth option: add --oauth'],
    [['auth', 'login', '--manual'], '--manual: is an OAuth option: add --oauth'],
    [
      ['auth', 'login', '--oauth', '--redirect-uri', 'http://127.0.0.1:8000/cb'],
      '--redirect-uri: "http://127.0.0.1:8000/cb": the spec requires https://',
    ],
    [
      ['auth', 'login', '--oauth', '--redirect-uri', 'https://app.example/cb'],
      '--redirect-uri: "https://app.example/cb": wfd listens on 127.0.0.1 only: use https://127.0.0.1:PORT/PATH (or --manual)',
    ],
    [
      ['auth', 'login', '--oauth', '--scope', 'a  b'],
      /^error: invalid --scope "a {2}b": expected scopes separated by single spaces/,
    ],
    [['auth', 'login', '--oauth', '--timeout', 'soon'], /expected a duration such as 90s, 10m or 1h/],
    [['auth', 'login', '--oauth', '--client-secret', 'x'], 'unknown option "--client-secret"'],
  ])('wfd %j', (args, message) => expectRefused(args, message));
});
