/**
 * The proxy variables as curl, npm, git and gh read them; checked at the first request of each
 * client, so that the proxy's code (proxy-route.ts, proxy-agent.ts) loads only when one is set.
 */
export const PROXY_VARIABLES = [
  'https_proxy',
  'HTTPS_PROXY',
  'http_proxy',
  'HTTP_PROXY',
  'all_proxy',
  'ALL_PROXY',
] as const;

/** True when a variable names a proxy (NO_PROXY alone sends nothing through one). */
export function proxyVariableSet(env: NodeJS.ProcessEnv): boolean {
  return PROXY_VARIABLES.some((name) => Boolean(env[name]?.trim()));
}
