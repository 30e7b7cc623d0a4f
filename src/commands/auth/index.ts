/** Registers `wfd auth <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { LOGIN, SWITCH } from './flags.js';

export function registerAuthCommands(auth: Command): void {
  addExamples(auth, ['wfd auth login --base-url https://api.example.com', 'wfd auth status']);

  addExamples(
    addVerbFlags(
      auth
        .command('login')
        .summary('Log in: save a personal API token, or sign in through the browser with OAuth')
        .description(
          `Log in: save a personal API token, or sign in through the browser with OAuth (--oauth)

A personal token is checked with GET /v1/workspaces and saved, with its workspace, in the profile named by --profile (default "default"), which becomes the current profile.

With --oauth, wfd opens the service's sign-in page; you sign in, choose a workspace and approve. The browser comes back to an HTTPS listener of wfd on 127.0.0.1, whose self-signed certificate the browser warns about: wfd prints its SHA-256 fingerprint to compare. The profile keeps the access and refresh tokens and the client secret, so the token is renewed unattended before it expires. --manual suits a browser on another machine.

Tokens and secrets go to the system keyring (macOS Keychain, Windows Credential Manager, a Secret Service such as GNOME Keyring on Linux); where none answers (a server, a container) they go to config.json (mode 0600; on Windows, readable as its folder allows: your account and administrators), and wfd says so. --insecure-storage chooses the file.`,
        ),
      LOGIN,
    ),
    [
      'wfd auth login --base-url https://api.example.com',
      'echo "$TOKEN" | wfd auth login --with-token --base-url https://api.example.com --profile acme',
      'echo "$TOKEN" | wfd auth login --with-token --insecure-storage --base-url https://api.example.com   # CI: token in config.json',
      'wfd auth login --oauth --client-id my-app --base-url https://api.example.com   # asks for the secret',
      'wfd auth login --oauth --client-id my-app --redirect-uri https://127.0.0.1:8123/callback --no-browser',
      'wfd auth login --oauth --client-id my-app --manual    # over SSH: paste the address the browser shows',
    ],
  ).action(lazy(() => import('./login.js')));

  addExamples(
    auth
      .command('status')
      .description('Show which credentials are in use, their kind, user and expiry, and whether they work'),
    [
      'wfd auth status',
      'wfd --profile acme auth status --json',
      'wfd auth status --json --query expires_at --raw',
    ],
  ).action(lazy(() => import('./status.js')));

  addExamples(
    auth
      .command('token')
      .description('Print the access token of the active credentials, renewed first if due (for scripts)'),
    [
      'curl -H "Authorization: Bearer $(wfd auth token)" "$(wfd auth status --json --query base_url --raw)/v1/workspaces"',
    ],
  ).action(lazy(() => import('./token.js')));

  addExamples(
    auth
      .command('refresh')
      .description('Renew the access token of an OAuth profile now, with its refresh token'),
    ['wfd auth refresh', 'wfd --profile acme auth refresh'],
  ).action(lazy(() => import('./refresh.js')));

  addExamples(
    auth
      .command('logout')
      .summary('Remove the saved profile and its token')
      .description(
        `Remove the saved profile and its token

The profile named by --profile (or WFD_PROFILE); at a terminal, the current profile when none is named. Without a terminal (a script) the name is required. wfd then says which profile is current, or how to choose one.`,
      ),
    ['wfd auth logout', 'wfd --profile acme auth logout'],
  ).action(lazy(() => import('./logout.js')));

  addExamples(auth.command('profiles').description('List saved profiles; the current one is marked'), [
    'wfd auth profiles',
    'wfd auth profiles -o json',
  ]).action(lazy(() => import('./profiles.js')));

  addExamples(
    addVerbFlags(auth.command('switch').description('Make a saved profile the current one'), SWITCH),
    ['wfd auth switch acme'],
  ).action(lazy(() => import('./switch.js')));
}
