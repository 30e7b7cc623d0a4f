/**
 * The run-test layer (as gh's httpmock): a real Context over memory streams whose clients
 * connect to a fake API on a loopback port (fake-api.ts), so a verb's `run` function is driven
 * in-process, over wfd's real HTTP transport, with exact requests and exact output. `afterEach`
 * must call `close()`, which also asserts that every stub was used and no other request came.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Context, createContext } from '../../src/context.js';
import type { GlobalOptions } from '../../src/global-options.js';
import { createMemoryIO, type MemoryIOOptions } from '../../src/output/memory-io.js';
import { resolveOutput } from '../../src/output/settings.js';
import { type FakeApi, startFakeApi } from './fake-api.js';

export const ORIGIN = 'http://api.test';
export const TOKEN = 'wfd_0123456789abcdef0123456789abcdef';

export interface TestContextOptions extends MemoryIOOptions {
  globals?: GlobalOptions;
  /** the verb's record fields, as `--fields` checks them (see Verb.fields) */
  fields?: readonly string[];
  now?: Date;
  /** the browser of an OAuth login: receives the authorize URL */
  openBrowser?: (url: string) => Promise<void>;
}

export interface TestContext {
  ctx: Context;
  /** the API at ORIGIN: `api.intercept({path, method}).reply(200, body)` */
  api: FakeApi;
  stdout(): string;
  stderr(): string;
  /** asserts no stub is left unused and no other request came, then releases everything */
  close(): Promise<void>;
}

export async function testContext(options: TestContextOptions = {}): Promise<TestContext> {
  const configDir = mkdtempSync(join(tmpdir(), 'wfd-run-'));
  const env = { WFD_TOKEN: TOKEN, WFD_BASE_URL: ORIGIN, WFD_CONFIG_DIR: configDir, ...options.env };
  const memory = createMemoryIO({ ...options, env });
  const api = await startFakeApi();
  const globals = options.globals ?? {};
  const now = options.now ?? new Date('2026-11-23T12:00:00Z');
  const ctx = createContext({
    io: memory.io,
    env,
    globals,
    output: await resolveOutput(globals, memory.io, options.fields ?? []),
    version: 'test',
    now: () => now,
    connect: api.connect,
    sleep: async () => {},
    ...(options.openBrowser ? { openBrowser: options.openBrowser } : {}),
  });
  return {
    ctx,
    api,
    stdout: memory.stdout,
    stderr: memory.stderr,
    async close() {
      try {
        api.verify();
      } finally {
        await ctx.close();
        await api.close();
        rmSync(configDir, { recursive: true, force: true });
      }
    },
  };
}

/** A paginated envelope of `data` as page `page` of `total` rows in pages of `size`. */
export function envelopeOf<T>(data: T[], page: number, size: number, total: number) {
  return {
    meta: { total_count: total, total_pages: Math.ceil(total / size), page_size: size, current_page: page },
    data,
  };
}

/** What `promise` was rejected with, or undefined when it was fulfilled: a test asserts on the error a run ends with. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}
