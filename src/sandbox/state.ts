/**
 * The state of one sandbox: every store its requests read and write, seeded from the seed
 * parameters. A data directory (persist/) replays its changes into it before the app is built.
 */
import type { BlobStore } from './attachments/blobs.js';
import { AttachmentFiles } from './attachments/files.js';
import { DEFAULT_LARGE_BYTES } from './attachments/kinds.js';
import { seedAttachments } from './attachments/seed.js';
import { DocIntelJobs } from './docintel/jobs.js';
import { seedForms } from './forms/seed.js';
import type { FormStore } from './forms/store.js';
import { ClientRegistry, defaultClient, type OAuthClient } from './oauth/clients.js';
import { OAuthGrants } from './oauth/grants.js';
import { createResumableRng, type ResumableRng } from './random.js';
import { seedStore } from './seed.js';
import type { Store } from './store.js';
import type { Clock } from './time.js';

/** What the seeded data follows from: the same parameters give the same data, ids and tokens. */
export interface SeedParameters {
  readonly seed: number;
  readonly cases: number;
  readonly forms: number;
  readonly attachments: number;
  readonly largeAttachmentBytes: number;
}

const DEFAULT_SEED: SeedParameters = {
  seed: 1,
  cases: 200,
  forms: 150,
  attachments: 100,
  largeAttachmentBytes: DEFAULT_LARGE_BYTES,
};

/** The parameters given, and the defaults for those left out. */
export function seedParameters(given: Partial<SeedParameters>): SeedParameters {
  const defined = Object.entries(given).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_SEED, ...Object.fromEntries(defined) };
}

export interface SandboxState {
  /** Workspaces, users, tokens, cases and case templates. */
  readonly store: Store;
  /** Form templates, forms, responses, attachment records and signatures. */
  readonly forms: FormStore;
  /** The bytes behind attachment records. */
  readonly attachments: AttachmentFiles;
  readonly docintel: DocIntelJobs;
  readonly clients: ClientRegistry;
  /** OAuth grants; their access tokens live in `store`. */
  readonly grants: OAuthGrants;
  /** The seed's default OAuth client. */
  readonly defaultClient: OAuthClient;
  /** The PRNG of the ids of records made at run time. */
  readonly ids: ResumableRng;
}

export interface StateOptions {
  readonly clock: Clock;
  /** Where uploaded bytes are kept. */
  readonly blobs: BlobStore;
  /** From the creation of a document intelligence job to its outcome. */
  readonly docintelDelayMs: number;
  /** Lifetime of OAuth access tokens, in seconds. */
  readonly accessTokenTtl: number;
}

/** The seeded state of a sandbox; only the seed's default OAuth client is provisioned. */
export function seedState(params: SeedParameters, options: StateOptions): SandboxState {
  const { seed } = params;
  const store = seedStore({ seed, cases: params.cases, clock: options.clock });
  const forms = seedForms(store, { seed, forms: params.forms });
  seedAttachments(store, forms, {
    seed,
    attachments: params.attachments,
    largeBytes: params.largeAttachmentBytes,
  });
  const client = defaultClient(seed);
  return {
    store,
    forms,
    attachments: new AttachmentFiles(forms, options.blobs, seed),
    docintel: new DocIntelJobs(options.docintelDelayMs),
    clients: new ClientRegistry([client]),
    grants: new OAuthGrants(store, options.clock, options.accessTokenTtl),
    defaultClient: client,
    ids: createResumableRng(seed ^ 0x1d5),
  };
}
