import { describe, expect, it } from 'vitest';
import { seedStore } from '../../src/sandbox/seed.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Store } from '../../src/sandbox/store.js';

const START = Date.UTC(2025, 0, 1);
const END = Date.UTC(2026, 9, 31, 23, 59, 59);

function snapshot(store: Store) {
  return {
    tokens: store.tokens().map((t) => [t.token, t.workspace.id, t.owner.email]),
    cases: store
      .workspaces()
      .flatMap((ws) => store.casesIn(ws).map((c) => [c.id, c.title, c.createdAt, c.data])),
  };
}

describe('seedStore', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(snapshot(seedStore({ seed: 7, cases: 50 }))).toEqual(snapshot(seedStore({ seed: 7, cases: 50 })));
    expect(snapshot(seedStore({ seed: 8, cases: 50 })).tokens).not.toEqual(
      snapshot(seedStore({ seed: 7, cases: 50 })).tokens,
    );
  });

  it('keeps workspaces, tokens and templates independent of the case count', () => {
    const small = seedStore({ seed: 3, cases: 0 });
    const large = seedStore({ seed: 3, cases: 500 });
    expect(small.tokens()).toEqual(large.tokens());
    for (const [i, ws] of small.workspaces().entries()) {
      expect(small.templatesIn(ws).map((t) => t.id)).toEqual(
        large.templatesIn(large.workspaces()[i]!).map((t) => t.id),
      );
    }
  });

  it('seeds acme and globex with one wfd_ token each and a handful of templates', () => {
    const store = seedStore({ seed: 1, cases: 200 });
    expect(store.workspaces().map((w) => [w.slug, w.name])).toEqual([
      ['acme', 'Acme Corporation'],
      ['globex', 'Globex Inc.'],
    ]);
    expect(store.tokens().map((t) => t.workspace.slug)).toEqual(['acme', 'globex']);
    for (const t of store.tokens()) expect(t.token).toMatch(/^wfd_[0-9a-f]{32}$/);
    const [acme, globex] = store.workspaces();
    expect(store.templatesIn(acme!)).toHaveLength(5);
    expect(store.templatesIn(globex!)).toHaveLength(3);
    expect(store.casesIn(acme!)).toHaveLength(160);
    expect(store.casesIn(globex!)).toHaveLength(40);
  });

  it('varies statuses, archives some cases and keeps timestamps in 2025-01-01..2026-10-31', () => {
    const store = seedStore({ seed: 1, cases: 2000 });
    const cases = store.workspaces().flatMap((ws) => store.casesIn(ws));
    expect(new Set(cases.map((c) => c.parentStatus))).toEqual(
      new Set(['draft', 'pending', 'in_progress', 'closed']),
    );
    expect(new Set(cases.map((c) => c.waitingFor))).toEqual(new Set(['none', 'owner', 'contact']));
    const archived = cases.filter((c) => c.archivedAt !== null);
    expect(archived.length).toBeGreaterThan(100);
    expect(archived.length).toBeLessThan(1000);
    for (const c of cases) {
      expect(c.createdAt).toBeGreaterThanOrEqual(START);
      expect(c.updatedAt).toBeGreaterThanOrEqual(c.createdAt);
      expect(c.updatedAt).toBeLessThanOrEqual(END);
      if (c.archivedAt !== null) expect(c.archivedAt).toBeGreaterThanOrEqual(c.createdAt);
    }
  });

  it('gives contacts non-ASCII names and ASCII e-mails', () => {
    const store = seedStore({ seed: 1, cases: 2000 });
    const contacts = store.casesIn(store.workspaces()[0]!).map((c) => c.contact!);
    const names = new Set(contacts.flatMap((c) => [c.given_name, c.family_name]));
    for (const name of ['José', 'Zoë', 'Müller', 'Łukasz', 'Ångström', 'Nuñez', 'Dvořák'])
      expect(names).toContain(name);
    for (const c of contacts) expect(c.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
  });

  it('seeds 100,000 cases', () => {
    const store = seedStore({ seed: 1, cases: 100_000 });
    const [acme, globex] = store.workspaces();
    expect(store.casesIn(acme!).length + store.casesIn(globex!).length).toBe(100_000);
    expect(new Set(store.casesIn(acme!).map((c) => c.id)).size).toBe(80_000);
  });
});

describe('startSandbox', () => {
  it('listens on 127.0.0.1 and lists the workspaces with their tokens', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 5, cases: 10 });
    try {
      expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const store = seedStore({ seed: 5, cases: 10 });
      expect(sandbox.workspaces).toEqual(
        store.tokens().map((t) => ({
          id: t.workspace.id,
          slug: t.workspace.slug,
          name: t.workspace.name,
          token: t.token,
        })),
      );
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    [{ cases: -1 }, /^Invalid case count -1/],
    [{ cases: 1.5 }, /^Invalid case count 1.5/],
    [{ seed: 0.5 }, /^Invalid seed 0.5/],
    [{ port: 70_000 }, /^Invalid port 70000/],
    [
      { oauthTokenTtl: 0 },
      /^Invalid OAuth token lifetime 0: expected an integer from 1 to 86400 \(seconds\)$/,
    ],
    [{ oauthTokenTtl: 86_401 }, /^Invalid OAuth token lifetime 86401: expected an integer from 1 to 86400/],
    [{ rateLimit: '10 per minute' }, /^Invalid rate limit "10 per minute"/],
  ])('rejects %j with a one-line message', async (options, message) => {
    await expect(startSandbox(options)).rejects.toThrow(message);
  });
});
