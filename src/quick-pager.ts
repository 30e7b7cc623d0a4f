/**
 * A help page the build wrote, shown at a terminal as the program shows help there: through the
 * user's pager (src/output/pager.ts), or straight to the terminal for `cat` or none, or when the
 * pager fails. Built as dist/quick-pager.cjs, which bin/quick-answers.js requires instead of the
 * whole program.
 */
import { pagerFailureLines, pagerSetting, pagesNothing, startPager } from './output/pager.js';

/** Pages `page`; false when no pager is set or it failed, and the caller writes the page itself. */
export async function pagePage(page: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const setting = pagerSetting(env);
  if (pagesNothing(setting.command.trim())) return false;
  const pager = await startPager(setting, env);
  // A pager quit before it read the whole page: the rest is not wanted.
  pager.input.on('error', () => {});
  pager.input.end(page);
  const failure = await pager.ended;
  if (failure === undefined) return true;
  // A help page is far shorter than a pipe holds: the failed pager cannot have shown any of it.
  for (const line of pagerFailureLines(setting, failure, true)) process.stderr.write(`${line}\n`);
  return false;
}
