/**
 * `wfd sandbox open [section] [--no-browser]`: the running sandbox's console in the browser, as
 * `gh browse` opens a repository: the requests it served, webhook deliveries, its data, the
 * faults and limits in force, the API reference. The sandbox is the one the current credentials
 * name (the `sandbox` profile), or --base-url; it is asked first, so a server that is not a
 * sandbox (or none) is said, not opened.
 */
import type * as z from 'zod/mini';
import { sandboxHealth } from '../../api/sandbox.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import { CONSOLE_SECTIONS, OPEN } from './flags.js';
import { hookClient, readHook } from './hooks.js';

export const OpenSandboxOptions = verbSchema(OPEN);
export type OpenSandboxOptions = z.output<typeof OpenSandboxOptions>;

export async function runOpenSandbox(options: OpenSandboxOptions, ctx: Context): Promise<void> {
  const client = await hookClient(ctx);
  await readHook(client, sandboxHealth());
  const path =
    options.section === undefined ? '/' : CONSOLE_SECTIONS[options.section as keyof typeof CONSOLE_SECTIONS];
  const url = `${client.origin}${path}`;
  if (options.browser === false) {
    await ctx.io.write(`${url}\n`);
    return;
  }
  ctx.io.errorLine(`Opening ${url} in your browser.`);
  try {
    await ctx.openBrowser(url);
  } catch (error) {
    throw new WfdError(`could not open a browser: ${(error as Error).message}`, {
      hint: `open ${url} yourself, or print it with \`wfd sandbox open --no-browser\``,
    });
  }
}

export const verb = defineVerb(OPEN, OpenSandboxOptions, runOpenSandbox);
