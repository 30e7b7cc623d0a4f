/** Builds the renderer options of a command from the global output flags. */
import type { Context } from '../../context.js';
import { type Column, parseFields, type RenderOptions } from '../../output/render.js';

export interface OutputSpec {
  /** default columns for table and plain */
  columns: Column[];
  /** plural noun for the TTY title line ("Showing 30 of 143 cases") */
  noun?: string;
  /** first segments accepted by --fields */
  knownFields: readonly string[];
}

export function renderOptions(ctx: Context, spec: OutputSpec): RenderOptions {
  const { globals } = ctx;
  return {
    format: ctx.outputFormat(),
    columns: spec.columns,
    ...(globals.fields ? { fields: parseFields(globals.fields, spec.knownFields) } : {}),
    ...(globals.quiet ? { quiet: true } : {}),
    ...(globals.query ? { query: globals.query } : {}),
    ...(spec.noun ? { noun: spec.noun } : {}),
    now: () => ctx.now(),
  };
}
