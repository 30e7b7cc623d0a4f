/** Registers `wfd auth <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../action.js';

export function registerAuthCommands(program: Command): void {
  const auth = program.command('auth').description('Log in, switch profiles, show credentials');

  auth
    .command('login')
    .description('Save a personal API token in a profile, after checking it with the API')
    .option('--with-token', 'read the token from stdin instead of a prompt')
    .addHelpText(
      'after',
      `
The token is checked with GET /v1/workspaces and saved, with its workspace, in the profile
named by --profile (default "default"), which becomes the current profile.

Examples:
  $ wfd auth login --base-url https://api.example.com
  $ echo "$TOKEN" | wfd auth login --with-token --base-url https://api.example.com --profile acme`,
    )
    .action(lazy(() => import('./login.js')));

  auth
    .command('status')
    .description('Show which credentials are in use and whether the token works')
    .action(lazy(() => import('./status.js')));

  auth
    .command('token')
    .description('Print the access token of the active credentials (for scripts)')
    .addHelpText(
      'after',
      `\nExamples:\n  $ curl -H "Authorization: Bearer $(wfd auth token)" "$(wfd auth status --json --query baseUrl)/v1/workspaces"`,
    )
    .action(lazy(() => import('./token.js')));

  auth
    .command('logout')
    .description('Remove the saved profile and its token')
    .action(lazy(() => import('./logout.js')));

  auth
    .command('profiles')
    .description('List saved profiles; the current one is marked')
    .action(lazy(() => import('./profiles.js')));

  auth
    .command('switch')
    .description('Make a saved profile the current one')
    .argument('<name>', 'profile name')
    .action(lazy(() => import('./switch.js')));
}
