import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README and every page of docs/: what a reader follows links between. */
const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return new Set(
    [...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
      match[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** `[text](target)` links outside code, but those to another site or a mail address. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('links between the README and docs/', () => {
  it.each(PAGES)('%s links only to files of the repository, and to headings they have', (page) => {
    const markdown = readFileSync(page, 'utf8');
    const links = relativeLinks(markdown);
    for (const link of links) {
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
      expect(existsSync(target), `${page} links to ${link}, which is not in the repository`).toBe(true);
      if (anchor !== undefined && target.endsWith('.md')) {
        expect([...anchors(readFileSync(target, 'utf8'))], `${page} links to ${link}`).toContain(anchor);
      }
    }
  });

  it('reach every page of docs/ from the README', () => {
    const linked = new Set(
      relativeLinks(readFileSync('README.md', 'utf8')).map((link) => link.split('#')[0]),
    );
    for (const page of PAGES.slice(1)) expect(linked, `README.md has no link to ${page}`).toContain(page);
  });
});
