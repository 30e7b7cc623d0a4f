/** Registers `wfd status`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { STATUS } from './flags.js';
import { STATUS_REQUESTS } from './requests.js';

export function registerStatusCommand(status: Command): void {
  addExamples(
    addVerbFlags(
      // The summary is the root help's line, as src/commands/index.ts gives it to the stub.
      status.summary(status.description()).description(
        `Show what needs attention in the workspace: cases by stage and by whom they wait for, the cases waiting longest, forms completed but not processed, and what happened over the last 24 hours

One screen at 80 columns. --owner (or wfd config set owner EMAIL) narrows every figure to one person's cases and forms. It takes ${STATUS_REQUESTS} requests, sent together: well inside the API's rate limit of 100 a minute.`,
      ),
      STATUS,
    ),
    ['wfd status', 'wfd status --owner alice@example.com', 'wfd status -o json --query cases.by_stage'],
  ).action(lazy(() => import('./run.js')));
}
