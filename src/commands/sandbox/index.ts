/** Registers `wfd sandbox <verb>`. */
import { type Command, Option } from 'commander';
import { intArg, lazy } from '../action.js';

export function registerSandboxCommands(program: Command): void {
  const sandbox = program.command('sandbox').description('Run a local emulator of the API, with demo data');
  sandbox
    .command('start')
    .description('Start the sandbox server and print its base URL and tokens; Ctrl-C stops it')
    .addOption(
      new Option('--port <port>', 'port to listen on; 0 picks a free one')
        .default(4010)
        .argParser(intArg(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(new Option('--seed <n>', 'seed of the generated data').default(1).argParser(intArg(0)))
    .addOption(
      new Option('--cases <n>', 'number of cases to generate').default(200).argParser(intArg(0, 1_000_000)),
    )
    .addOption(
      new Option(
        '--rate-limit <spec>',
        'spec (100/min per token, 1000/h per client), off, or N/DURATION like 20/10s',
      ).default('spec'),
    )
    .addOption(new Option('--no-profile', 'do not save the "sandbox" profiles'))
    .addHelpText(
      'after',
      `
Prints one JSON line {"baseUrl", "workspaces": [{id, slug, name, token}]} first with -o json,
for scripts. Unless --no-profile, saves profile "sandbox" (first workspace) and
"sandbox-<slug>" for each other workspace; the current profile is left alone.

Examples:
  $ wfd sandbox start
  $ wfd --profile sandbox cases list
  $ wfd sandbox start --port 0 --cases 100000 --rate-limit off -o json`,
    )
    .action(lazy(() => import('./start.js')));

  sandbox
    .command('demo')
    .description('A guided tour: runs real wfd commands against a temporary sandbox, then exits')
    .addHelpText('after', `\nExamples:\n  $ npx wfd sandbox demo`)
    .action(lazy(() => import('./demo.js')));
}
