/** The sandbox's own checks as a user meets them through wfd. */
import { describe, expect, it } from 'vitest';
import { runWfd, useSandbox } from './harness.js';

let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ env } = fixture);
});

describe('through wfd', () => {
  it('a data value of the wrong type is refused by the API (exit 6) naming the field', async () => {
    const list = JSON.parse((await runWfd(['cases', 'list', '--all', '--json'], { env })).stdout) as {
      id: string;
      template: { title: string };
    }[];
    const renewal = list.find((c) => c.template.title === 'Contract renewal')!;
    const result = await runWfd(['cases', 'update-data', renewal.id, '--set', 'auto_renew=notabool'], {
      env,
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/auto_renew: must be true or false/);
    const ok = await runWfd(['cases', 'update-data', renewal.id, '--set', 'auto_renew=true', '--json'], {
      env,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).data.auto_renew).toBe(true);
  });

  it("--where 'title ilike %%%%%%%%%z' answers at once", async () => {
    const result = await runWfd(['cases', 'count', '--where', 'title ilike %%%%%%%%%%%%%%%%%%#'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('0\n');
  });
});
