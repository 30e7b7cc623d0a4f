/**
 * Command lines that parsing refuses, as users and scripts type them: each exits 2 with one line
 * of error (and at most one hint), no stack trace and nothing on stdout, and no verb ever runs,
 * so nothing can be sent. Moved here from the spawned e2e tables (e2e/validation,
 * e2e/bad-invocations): the process adds nothing to what parsing decides. The command lines
 * refused later, by a verb's run before its first request, are in run/refused-before-request.
 */
import { describe, expect, it } from 'vitest';
import { expectOneLineRefusal, wire } from '../support/wiring.js';

/** [name, argv, a pattern of the error line] */
const VALIDATION: [string, string[], RegExp][] = [
  ['bad --limit', ['cases', 'list', '--limit', '0'], /--limit/],
  ['unknown option', ['cases', 'list', '--colour', 'red'], /unknown option "--colour"/],
  ['unknown command', ['casez', 'list'], /unknown command "casez"/],
  ['bad output format', ['cases', 'list', '-o', 'yaml'], /--output "yaml"/],
  ['missing required flag', ['cases', 'create', '--title', 'x'], /--template/],
];

describe('bad input exits 2 with one clear line, before any request', () => {
  for (const [name, args, message] of VALIDATION) {
    it(name, async () => {
      const result = await wire(args);
      expect(result.invocation).toBeUndefined();
      const [first] = expectOneLineRefusal(result, 2);
      expect(first).toMatch(message);
    });
  }
});

const U = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';

/** [name, argv, stdin?] */
const NEVER: [string, string[], string?][] = [
  ['limit 0', ['cases', 'list', '--limit', '0']],
  ['limit text', ['cases', 'list', '--limit', 'ten']],
  ['page 0', ['cases', 'list', '--page', '0']],
  ['output format', ['cases', 'list', '-o', 'yaml']],
  ['empty output format', ['cases', 'list', '-o', '']],
  ['-o csv with --json', ['cases', 'list', '-o', 'csv', '--json']],
  ['-q with --query', ['cases', 'list', '-q', '--query', '[].id']],
  ['unknown --fields', ['cases', 'list', '--fields', 'colour']],
  ['empty --fields', ['cases', 'list', '--fields', '']],
  ['bad --query', ['cases', 'list', '--query', '[[[']],
  ['--raw without --query', ['cases', 'list', '--raw']],
  ['--request-timeout', ['cases', 'list', '--request-timeout', 'soon']],
  ['--retries -1', ['cases', 'list', '--retries', '-1']],
  ['--concurrency 0', ['cases', 'list', '--concurrency', '0']],
  ['--concurrency 17', ['cases', 'list', '--concurrency', '17']],
  ['--request-rate', ['cases', 'list', '--request-rate', 'fast']],
  ['empty --profile', ['cases', 'list', '--profile', '']],
  ['base URL scheme', ['cases', 'list', '--base-url', 'ftp://x.example']],
  ['base URL password', ['cases', 'list', '--base-url', 'https://ann:pw@api.example.com']],
  ['unknown option', ['cases', 'list', '--colour', 'red']],
  ['unknown verb', ['cases', 'lsit']],
  ['unknown noun', ['casez', 'list']],
  ['get: missing id', ['cases', 'get']],
  ['create: missing --template', ['cases', 'create', '--title', 'x']],
  ['create: empty title', ['cases', 'create', '--template', U, '--title', '']],
  ['archive: bad -o before reading stdin', ['cases', 'archive', '-', '-o', 'bogus'], `${U}\n`],
  ['completion: shell', ['completion', 'ksh']],
  ['sandbox start: port', ['sandbox', 'start', '--port', '99999']],
];

describe('command lines that can never work: each exits with its code and one line of error (a hint at most), nothing on stdout, no request sent', () => {
  for (const [name, args, stdin] of NEVER) {
    it(name, async () => {
      const result = await wire(args, stdin);
      expect(result.invocation).toBeUndefined();
      expectOneLineRefusal(result, 2);
    });
  }
});
