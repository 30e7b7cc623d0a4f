/**
 * The agent of a client whose requests go through a proxy, from the maintained `proxy-agents`
 * packages: `https-proxy-agent` tunnels an https origin through `CONNECT` (TLS runs end to end,
 * so the proxy sees the host name and port, never the token), `http-proxy-agent` sends an http
 * origin's requests to the proxy in absolute form. Both send the URL's credentials as
 * `Proxy-Authorization: Basic`, percent-decoded. A part of its own in the build
 * (scripts/bundle.mjs), loaded only by a client with a proxy; it imports nothing of wfd's, whose
 * error classes must exist once (main.ts maps them to exit codes with `instanceof`).
 */
import type { Agent } from 'node:http';
import createDebug from 'debug';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';

// The agents log through the `debug` package when DEBUG names them, the proxy's URL with its
// password among the lines: silenced, as wfd's --debug shows the route with the password masked.
createDebug.log = () => {};

/** Keep-alive connections through `proxy` to an https (`secure`) or http origin. */
export function proxyAgent(
  proxy: URL,
  secure: boolean,
  options: { keepAlive: true; maxSockets: number },
): Agent {
  return secure ? new HttpsProxyAgent(proxy, options) : new HttpProxyAgent(proxy, options);
}
