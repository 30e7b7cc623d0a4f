/**
 * The checks of `wfd doctor` about how the API is reached: the proxy in effect for the base URL
 * (read from the environment as every request reads it), and the CA certificates Node trusts.
 */
import { readFile } from 'node:fs/promises';
import type * as Tls from 'node:tls';
import { WfdError } from '../../core/errors.js';
import { parseBaseUrl } from '../../core/http/base-url.js';
import { PROXY_VARIABLES, proxyVariableSet } from '../../core/http/proxy-variables.js';
import { plural } from '../../core/text/counts.js';
import type { CheckResult } from './checks.js';

/** The proxy line, and the proxy (masked) the base URL is reached through, if any. */
export async function checkProxy(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
): Promise<{ result: CheckResult; through?: string }> {
  const { origin } = parseBaseUrl(baseUrl);
  if (!proxyVariableSet(env)) {
    const names = PROXY_VARIABLES.filter((name) => name === name.toUpperCase()).join(', ');
    return { result: ok(`none (${names} unset): ${origin} is reached directly`) };
  }
  const { routeFor } = await import('../../core/http/proxy-route.js');
  try {
    const route = routeFor(new URL(origin), env);
    if (!route.proxy) return { result: ok(`${origin} is reached directly: ${route.direct}`) };
    const through = `${route.proxy.shown} (from ${route.proxy.variable})`;
    return { result: ok(`${origin} is reached through ${through}`), through };
  } catch (error) {
    if (!(error instanceof WfdError)) throw error;
    return { result: { check: 'proxy', status: 'fail', detail: error.message, fix: error.hint ?? null } };
  }
}

function ok(detail: string): CheckResult {
  return { check: 'proxy', status: 'ok', detail, fix: null };
}

/**
 * The CA certificates Node trusts for https: its own roots, NODE_EXTRA_CA_CERTS's file, and the
 * system store when NODE_USE_SYSTEM_CA=1 or --use-system-ca turned it on (seen in what Node
 * loaded, whichever turned it on; Node 20 has no system store).
 */
export async function checkCertificates(env: NodeJS.ProcessEnv): Promise<CheckResult> {
  const check = 'CA certificates';
  const tls = (await import('node:tls')) as typeof Tls & {
    getCACertificates?: (type: 'default' | 'bundled' | 'extra') => string[];
  };
  const sources = ["Node's own roots"];
  const extra = env.NODE_EXTRA_CA_CERTS;
  if (extra) {
    const text = await readFile(extra, 'utf8').catch(() => undefined);
    const count = text?.match(/-----BEGIN CERTIFICATE-----/g)?.length ?? 0;
    if (count === 0)
      return {
        check,
        status: 'warn',
        detail: `NODE_EXTRA_CA_CERTS names ${extra}, which ${text === undefined ? 'cannot be read' : 'holds no certificate'}: Node ignores it`,
        fix: 'point NODE_EXTRA_CA_CERTS at a PEM file of the CA certificates to trust',
      };
    sources.push(`NODE_EXTRA_CA_CERTS ${extra} (${plural(count, 'certificate')})`);
  }
  const { getCACertificates } = tls;
  if (!getCACertificates) sources.push(`no system store (Node ${process.versions.node} has none)`);
  else {
    const added = getCACertificates('default').length - getCACertificates('bundled').length;
    const system = added > getCACertificates('extra').length;
    sources.push(system ? 'the system store' : 'not the system store (NODE_USE_SYSTEM_CA=1 adds it)');
  }
  return { check, status: 'ok', detail: sources.join('; '), fix: null };
}
