/**
 * OAuth clients. The spec has no self-service creation: the operator provisions
 * them. The sandbox provisions one default client derived from the seed, plus any
 * given to `startSandbox({oauthClients})`.
 */
import { createRng, randomHex } from '../random.js';
import { redirectUriProblem } from './redirect-uri.js';
import { sameSecret } from './secrets.js';

/** A provisioned client, in the shape `wfd sandbox start -o json` prints. */
export interface OAuthClient {
  readonly client_id: string;
  readonly client_secret: string;
  readonly redirect_uris: readonly string[];
}

/** Registered loopback URIs without a port: they match any port (see redirect-uri.ts). */
const LOOPBACK_REDIRECT_URIS = ['https://127.0.0.1/callback', 'https://localhost/callback'];

/** The seed's default client: the same id and secret on every run with that seed. */
export function defaultClient(seed: number): OAuthClient {
  const rng = createRng(seed ^ 0x0a0c1e47);
  return {
    client_id: `wfd-sandbox-${randomHex(rng, 2)}`,
    client_secret: randomHex(rng, 8),
    redirect_uris: LOOPBACK_REDIRECT_URIS,
  };
}

// Printable ASCII without spaces: ids and secrets travel in forms, query strings and Basic headers.
const CREDENTIAL_RE = /^[\x21-\x7e]+$/;

/** The provisioned clients by id. */
export class ClientRegistry {
  readonly #clients = new Map<string, OAuthClient>();

  /** @throws Error with a one-line message for an invalid client or a repeated id */
  constructor(clients: readonly OAuthClient[]) {
    for (const client of clients) this.provision(client);
  }

  /**
   * Adds a client.
   * @throws Error with a one-line message for an invalid client or an id already provisioned
   */
  provision(client: OAuthClient): void {
    const problem = clientProblem(client);
    if (problem) throw new Error(`Invalid OAuth client ${JSON.stringify(client.client_id)}: ${problem}`);
    if (this.#clients.has(client.client_id)) {
      throw new Error(`Invalid OAuth client ${JSON.stringify(client.client_id)}: the id is used twice`);
    }
    this.#clients.set(client.client_id, client);
  }

  /** The client with this id; undefined when unknown. */
  find(clientId: string): OAuthClient | undefined {
    return this.#clients.get(clientId);
  }

  /** The client when id and secret match, compared in constant time; else undefined. */
  authenticate(clientId: string, secret: string): OAuthClient | undefined {
    const client = this.#clients.get(clientId);
    return client && sameSecret(client.client_secret, secret) ? client : undefined;
  }
}

function clientProblem(client: OAuthClient): string | null {
  if (typeof client.client_id !== 'string' || !CREDENTIAL_RE.test(client.client_id)) {
    return 'client_id must be printable ASCII without spaces';
  }
  if (typeof client.client_secret !== 'string' || !CREDENTIAL_RE.test(client.client_secret)) {
    return 'client_secret must be printable ASCII without spaces';
  }
  if (!Array.isArray(client.redirect_uris) || client.redirect_uris.length === 0) {
    return 'redirect_uris must list at least one URI';
  }
  for (const uri of client.redirect_uris) {
    const problem = typeof uri === 'string' ? redirectUriProblem(uri) : 'redirect_uri must be a string';
    if (problem) return `${problem} (${JSON.stringify(uri)})`;
  }
  return null;
}
