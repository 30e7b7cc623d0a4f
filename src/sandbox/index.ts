/**
 * The sandbox as a library, for other projects' test suites:
 *
 *   import { startSandbox } from 'wfd-cli/sandbox';
 *   const sandbox = await startSandbox({ seed: 7, cases: 50, rateLimit: 'off' });
 *   // sandbox.baseUrl, sandbox.workspaces[0].token, sandbox.oauth.client_id ...
 *   await sandbox.close();
 *
 * With `dataDir` the state survives restarts; `resetDataDir(dir)` puts it back to the seed.
 *
 * It loads none of the CLI: only the emulator and its server (fastify). Options and their
 * defaults are documented on `SandboxOptions`; behaviour where the spec is silent in README.md.
 * `parseRateLimit` and `parseFaults` read the forms `wfd sandbox start --rate-limit/--faults`
 * take. The `wfd sandbox` commands import the sandbox from here only: the build makes this
 * module dist/sandbox.cjs, which the CLI requires when it starts a sandbox (scripts/bundle.mjs).
 */
export { resetDataDir } from './persist/data-dir.js';
export {
  DataDirError,
  FaultsError,
  JournalDamagedError,
  JournalShortError,
  JournalTruncatedError,
  LockedError,
  type OAuthClient,
  parseFaults,
  parseRateLimit,
  type RunningSandbox,
  type SandboxOptions,
  type SandboxWorkspace,
  SeedMismatchError,
  startSandbox,
} from './server.js';
export { type Clock, ManualClock, type Scheduler } from './time.js';
