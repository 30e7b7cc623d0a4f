/** `wfd alias import` reads its file as --body and --input read theirs: one clear line when it cannot. */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAliasImport } from '../../src/commands/alias/import.js';
import { UsageError } from '../../src/core/errors.js';
import { failure, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

describe('alias import', () => {
  it('a file that does not exist: a usage error saying so, nothing saved', async () => {
    t = await testContext();
    const file = join(t.ctx.env.WFD_CONFIG_DIR!, 'missing.yml');
    const error = await failure(runAliasImport({ file, clobber: false }, t.ctx));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`cannot read "${file}": no such file`);
    expect(t.stderr()).toBe('');
  });
});
