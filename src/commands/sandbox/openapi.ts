/**
 * `wfd sandbox openapi`: the OpenAPI 3.1 description a sandbox serves at /openapi.json, printed
 * without starting one (for generators and editors, and for `wfd api`'s checks offline).
 */
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { openApiDescription } from '../../openapi/document.js';
import { OPENAPI } from './flags.js';

export const OpenApiSandboxOptions = verbSchema(OPENAPI);
export type OpenApiSandboxOptions = z.output<typeof OpenApiSandboxOptions>;

export async function runOpenApiSandbox(options: OpenApiSandboxOptions, ctx: Context): Promise<void> {
  const description = openApiDescription(options.server?.replace(/\/+$/, ''));
  await ctx.io.write(`${JSON.stringify(description, null, 2)}\n`);
}

export const verb = defineVerb(OPENAPI, OpenApiSandboxOptions, runOpenApiSandbox);
