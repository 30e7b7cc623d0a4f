/**
 * The console: a page at `/` that shows what an integrator's code did (the requests and their
 * exchanges, webhook deliveries, the data, the faults and limits in force), and the API
 * reference at `/reference`, rendered from /openapi.json. Both are a script and a style sheet
 * served from `/_sandbox/console/` (assets.ts); the script reads the test hooks and quiet reads.
 *
 * Everything the pages load comes from the sandbox: the Content-Security-Policy allows no other
 * origin, for scripts, styles, images and requests alike, and no framing by another site.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { standardError } from '../errors.js';
import { consoleAsset } from './assets.js';

const POLICY = [
  "default-src 'self'",
  // The reference's renderer sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const PAGES = {
  '/': { title: 'wfd sandbox', styles: [], scripts: ['console.js'] },
  '/reference': {
    title: 'API reference · wfd sandbox',
    styles: ['swagger-ui.css'],
    scripts: ['swagger-ui-bundle.js', 'reference.js'],
  },
} as const;

/** Registers the pages and their files; `opened` is called when a page is served. */
export function registerConsole(app: FastifyInstance, opened: () => void): void {
  for (const [path, page] of Object.entries(PAGES)) {
    const html = pageHtml(page);
    app.get(path, async (_req, reply) => {
      opened();
      return pageHeaders(reply).type('text/html; charset=utf-8').send(html);
    });
  }
  app.get('/_sandbox/console/:file', async (req, reply) => {
    const { file } = req.params as { file: string };
    const asset = await consoleAsset(file);
    if (!asset) {
      throw standardError(
        404,
        `No console file ${JSON.stringify(file)}: the console is built by npm run build`,
      );
    }
    reply.header('cache-control', 'no-cache').header('etag', asset.etag);
    if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.type).send(asset.bytes);
  });
}

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache');
}

/** The page's shell: the script builds the rest. */
function pageHtml(page: { title: string; styles: readonly string[]; scripts: readonly string[] }): string {
  const file = (name: string) => `/_sandbox/console/${name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${page.title}</title>
<link rel="icon" href="data:,">
${[...page.styles, 'console.css'].map((name) => `<link rel="stylesheet" href="${file(name)}">`).join('\n')}
${page.scripts.map((name) => `<script defer src="${file(name)}"></script>`).join('\n')}
</head>
<body>
<noscript><p>The console needs JavaScript. In a terminal: <code>wfd sandbox logs --follow</code>, <code>wfd sandbox deliveries --follow</code>.</p></noscript>
</body>
</html>
`;
}
