/**
 * A help page the build wrote, shown at a terminal as the program shows help there: through the
 * user's pager (src/output/pager.ts), or straight to the terminal for `cat` or none. Built as
 * dist/quick-pager.cjs, which bin/quick-answers.js requires instead of the whole program.
 */
import { pagerCommand, pagesNothing, spawnPager } from './output/pager.js';

/** Pages `page`; false when no pager is set, and the caller writes the page itself. */
export async function pagePage(page: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const command = pagerCommand(env).trim();
  if (pagesNothing(command)) return false;
  const { child, exited } = await spawnPager(command, env);
  // A pager quit before it read the whole page: the rest is not wanted.
  child.stdin?.on('error', () => {});
  child.stdin?.end(page);
  await exited;
  return true;
}
