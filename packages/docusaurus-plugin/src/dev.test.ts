import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDevIndex } from '@sitesearch/local/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlugger, inlineText, renderMarkdown } from './dev-markdown.js';
import { createDocusaurusDevIndex, pageHtml, sourcePages } from './dev.js';

describe('Markdown sources as the indexer reads a built page', () => {
  it('gives headings the ids Docusaurus gives them, repeats numbered, custom ids kept', () => {
    const { html, heading, title } = renderMarkdown(
      ['---', 'title: Front title', '---', '# Getting Started', '## Browser Support', 'Text **bold** and [a link](./x).', '## Browser Support', '### `server.proxy` {#server-proxy}'].join('\n'),
      'Fallback',
    );
    expect(heading).toBe('Getting Started');
    expect(title).toBe('Front title');
    expect(html).toContain('<h2 id="browser-support">Browser Support</h2>');
    expect(html).toContain('<h2 id="browser-support-1">Browser Support</h2>');
    expect(html).toContain('<h3 id="server-proxy">server.proxy</h3>');
    expect(html).toContain('<p>Text bold and a link.</p>');
  });

  it('leaves out code, imports, JSX tags and admonition fences, and escapes the text', () => {
    const { html } = renderMarkdown(['import Tabs from "@theme/Tabs";', '', '```js', 'const secret = 1;', '```', ':::tip', 'Use <kbd>Ctrl</kbd> & co.', ':::', '<!-- a note', 'for writers -->', '- first item', '| a | b |', '|---|---|', '| 1 < 2 | x |'].join('\n'), 'T');
    expect(html).not.toContain('secret');
    expect(html).not.toContain('import');
    expect(html).not.toContain(':::');
    expect(html).not.toContain('writers');
    expect(html).toContain('<p>Use Ctrl &amp; co.</p>');
    expect(html).toContain('<li>first item</li>');
    expect(html).toContain('<td>1 &lt; 2</td>');
  });

  it('slugs like github-slugger', () => {
    const slug = createSlugger();
    expect(slug("What's new? (v2)")).toBe('whats-new-v2');
    expect(slug('Café au lait')).toBe('café-au-lait');
    expect(inlineText('`vite build` --_mode_')).toBe('vite build --mode');
  });
});

describe('the dev index of a Docusaurus site', () => {
  let siteDir: string;
  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), 'sitesearch-docusaurus-dev-'));
    await mkdir(join(siteDir, 'docs/guide'), { recursive: true });
    await mkdir(join(siteDir, 'versioned_docs/version-1.0'), { recursive: true });
    await mkdir(join(siteDir, 'blog'), { recursive: true });
    await writeFile(join(siteDir, 'docs/guide/env.md'), '# Env Variables and Modes\n\n## Built-in constants\n\nVite exposes constants on import.meta.env.\n');
    await writeFile(join(siteDir, 'versioned_docs/version-1.0/env.md'), '# Env Variables\n\nThe old way of reading import.meta.env.\n');
    await writeFile(join(siteDir, 'blog/2024-01-01-hello.md'), '---\ntitle: Hello release\n---\nWe shipped the dev server.\n');
  });
  afterAll(() => rm(siteDir, { recursive: true, force: true }));

  const allContent = {
    'docusaurus-plugin-content-docs': {
      default: {
        loadedVersions: [
          {
            versionName: 'current',
            docs: [{ id: 'guide/env', title: 'Env Variables and Modes', source: '@site/docs/guide/env.md', permalink: '/next/guide/env' }],
            sidebars: { docs: [{ type: 'category', label: 'Guide', items: [{ type: 'doc', id: 'guide/env' }] }] },
          },
          { versionName: '1.0', docs: [{ id: 'env', title: 'Env Variables', source: '@site/versioned_docs/version-1.0/env.md', permalink: '/env' }] },
        ],
      },
    },
    'docusaurus-plugin-content-blog': { default: { blogPosts: [{ metadata: { title: 'Hello release', source: '@site/blog/2024-01-01-hello.md', permalink: '/blog/hello' } }] } },
  };

  it('indexes every version and the blog, with the locale, the version tag and the sidebar category of a built page', async () => {
    const pages = sourcePages(allContent, siteDir);
    expect(pages.map((page) => [page.permalink, page.tag, page.category])).toEqual([
      ['/next/guide/env', 'docs-default-current', 'Guide'],
      ['/env', 'docs-default-1.0', undefined],
      ['/blog/hello', 'default', undefined],
    ]);
    const { readFile } = await import('node:fs/promises');
    const html = await Promise.all(pages.map(async (page) => ({ path: page.permalink, html: pageHtml(page, await readFile(page.file, 'utf8'), 'fr') })));
    const index = buildDevIndex(html, { base: '/' });
    expect(index.pages).toBe(3);
    const records = [...index.files].filter(([path]) => path.startsWith('records/')).map(([, text]) => text).join('\n');
    // The URLs a build gives these pages (a folder with index.html each), the heading's anchor.
    expect(records).toContain('"u":["/next/guide/env/","/env/","/blog/hello/"]');
    expect(records).toContain('"built-in-constants"');
    expect(records).toContain('docs-default-1.0');
    expect(records).toContain('"fr"');
    expect(records).toContain('Guide');
    expect(records).toContain('We shipped the dev server.');
  });
});

describe("the dev server's middleware", () => {
  it('comes first and every other middleware stays once, merged as Docusaurus merges devServer configs', () => {
    // Docusaurus' own devServer config has a setupMiddlewares that edits the array and returns it;
    // it merges a plugin's devServer over it with webpack-merge, which calls both and concatenates.
    const fromCore = createRequire(createRequire(import.meta.url).resolve('@docusaurus/core/package.json'));
    const merge = (fromCore('webpack-merge') as { default: (configs: object[]) => { setupMiddlewares(middlewares: unknown[], server: unknown): unknown[] } }).default;
    const docusaurus = {
      setupMiddlewares: (middlewares: unknown[]) => {
        middlewares.unshift('eval-source-map');
        return middlewares;
      },
    };
    const devIndex = createDocusaurusDevIndex({ siteDir: '/nowhere', baseUrl: '/', locale: 'en', localIndex: undefined, log: { info() {}, warn() {} } });
    const merged = merge([docusaurus, devIndex.devServer()]);
    const middlewares = merged.setupMiddlewares(['static', 'history-fallback'], {});
    expect(middlewares).toEqual([{ name: 'sitesearch-dev-index', middleware: devIndex.middleware }, 'eval-source-map', 'static', 'history-fallback']);
  });
});
