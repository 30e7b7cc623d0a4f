/**
 * Every flag is declared once (src/cli/flags.ts and the nouns' flags.ts): commander's options
 * and each verb's schema are built from the same data. This walks the whole command tree and
 * holds, for every leaf, the options commander parses equal to the keys its verb's schema takes,
 * both ways, so a flag added, renamed or dropped on one side only fails here, not silently.
 */
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isGlobalOption } from '../../src/cli/global-commander-options.js';
import type { Verb } from '../../src/cli/verb.js';
import { UsageError } from '../../src/core/errors.js';
import { flagKey } from '../../src/core/text/flag-key.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

type Loader = () => Promise<{ verb: Verb<unknown> }>;

/** Each command of the whole tree with an action, and the loader of its verb (see `lazy`). */
const loaders = new Map<Command, Loader>();
let program: Command;

beforeAll(() => {
  const action = Command.prototype.action;
  const spy = vi.spyOn(Command.prototype, 'action').mockImplementation(function (
    this: Command,
    fn: Parameters<Command['action']>[0],
  ) {
    const { load } = fn as { load?: Loader };
    if (load) loaders.set(this, load);
    return action.call(this, fn);
  });
  program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
  spy.mockRestore();
});

afterAll(() => vi.restoreAllMocks());

function leaves(command: Command, path: string[] = []): [string, Command][] {
  if (command.commands.length === 0) return [[path.join(' '), command]];
  return command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

/** What commander hands the verb: its own options (globals aside) and its arguments. */
function commanderKeys(command: Command): string[] {
  const options = command.options.filter((option) => !isGlobalOption(option)).map((o) => o.attributeName());
  const args = command.registeredArguments.map((argument) => flagKey(argument.name()));
  return [...new Set([...args, ...options])].sort();
}

describe('every flag is declared once: commander and the verb schema agree', () => {
  it('walks the whole tree: every leaf runs a lazily loaded verb', () => {
    const all = leaves(program);
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter(([, command]) => !loaders.has(command)).map(([path]) => path)).toEqual([]);
  });

  it('for every leaf, the options and arguments equal its schema keys, both ways', async () => {
    const mismatches: string[] = [];
    for (const [path, command] of leaves(program)) {
      const { verb } = await loaders.get(command)!();
      const parsed = commanderKeys(command);
      const schema = [...verb.keys].sort();
      const onlyCommander = parsed.filter((key) => !schema.includes(key));
      const onlySchema = schema.filter((key) => !parsed.includes(key));
      if (onlyCommander.length || onlySchema.length)
        mismatches.push(`${path}: commander only [${onlyCommander}], schema only [${onlySchema}]`);
    }
    expect(mismatches).toEqual([]);
  });

  it('a key the declaration does not name is refused, not dropped (`update-data --sett`)', async () => {
    const { verb } = await import('../../src/commands/cases/update-data.js');
    const id = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
    expect(verb.parse({ id, set: ['a=1'] })).toEqual({ id, set: ['a=1'] });
    expect(() => verb.parse({ id, sett: ['a=1'] })).toThrow(new UsageError('unknown option --sett'));
  });
});
