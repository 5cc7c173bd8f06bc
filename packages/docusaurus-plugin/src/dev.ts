/**
 * Search in `docusaurus start` without credentials. The dev server (webpack-dev-server) renders
 * pages in the browser only, so there is no page HTML to crawl: the index is made from what the
 * content plugins loaded (docs of every version, blog posts, Markdown pages), rendered to the
 * HTML the indexer reads (`dev-markdown.ts`) with the meta tags a built page carries (locale,
 * docs version tag, category), and indexed in memory by `@sitesearch/local/dev`, the indexer
 * `astro dev` uses. `<baseUrl>sitesearch/*` is answered by a middleware added through
 * `configureWebpack`'s `devServer.setupMiddlewares`. Each content reload (a file edited) marks
 * the index stale; the next search rebuilds it.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { createDevIndex, type DevIndex, type DevMiddleware, type DevPage } from '@sitesearch/local/dev';
import type { SynonymHit } from '@sitesearch/local/engine';
import { renderMarkdown } from './dev-markdown.js';
import type { LocalIndexOptions } from './types.js';

/** The parts of the content plugins' loaded content read here (Docusaurus 3 shapes). */
interface DocsContent {
  loadedVersions?: {
    versionName: string;
    docs?: { id: string; title: string; source: string; permalink: string; frontMatter?: Record<string, unknown> }[];
    sidebars?: Record<string, SidebarItem[]>;
  }[];
}
interface SidebarItem {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
  link?: { type?: string; id?: string };
}
interface BlogContent {
  blogPosts?: { metadata: { title: string; source: string; permalink: string } }[];
}
interface PageContent {
  type: string;
  source: string;
  permalink: string;
}

/** A page to render: its source file, URL, title and the meta tags of its built page. */
export interface SourcePage {
  file: string;
  permalink: string;
  title: string;
  /** `docsearch:docusaurus_tag`: `docs-<plugin>-<version>` for docs, `default` for the rest (as the classic theme writes). */
  tag: string;
  /** The outermost sidebar category holding the doc (what a built page's expanded sidebar gives). */
  category: string | undefined;
}

/** The outermost category of each doc in a version's sidebars. */
function docCategories(sidebars: Record<string, SidebarItem[]> | undefined): Map<string, string> {
  const categories = new Map<string, string>();
  const walk = (items: SidebarItem[] | undefined, top: string | undefined) => {
    for (const item of items ?? []) {
      if (item.type === 'category') {
        const label = top ?? item.label;
        if (item.link?.type === 'doc' && item.link.id && label && !categories.has(item.link.id)) categories.set(item.link.id, label);
        walk(item.items, label);
      } else if ((item.type === 'doc' || item.type === 'ref') && item.id && top && !categories.has(item.id)) {
        categories.set(item.id, top);
      }
    }
  };
  for (const items of Object.values(sidebars ?? {})) walk(items, undefined);
  return categories;
}

/** The pages of the loaded content that have Markdown sources, with their built page's metadata. */
export function sourcePages(allContent: Record<string, Record<string, unknown> | undefined>, siteDir: string): SourcePage[] {
  const resolveSource = (source: string) => (source.startsWith('@site/') ? join(siteDir, source.slice('@site/'.length)) : isAbsolute(source) ? source : join(siteDir, source));
  const pages: SourcePage[] = [];
  for (const [pluginId, content] of Object.entries(allContent['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of (content as DocsContent | undefined)?.loadedVersions ?? []) {
      const categories = docCategories(version.sidebars);
      for (const doc of version.docs ?? []) {
        pages.push({ file: resolveSource(doc.source), permalink: doc.permalink, title: doc.title, tag: `docs-${pluginId}-${version.versionName}`, category: categories.get(doc.id) });
      }
    }
  }
  for (const content of Object.values(allContent['docusaurus-plugin-content-blog'] ?? {})) {
    for (const post of (content as BlogContent | undefined)?.blogPosts ?? []) {
      pages.push({ file: resolveSource(post.metadata.source), permalink: post.metadata.permalink, title: post.metadata.title, tag: 'default', category: undefined });
    }
  }
  for (const content of Object.values(allContent['docusaurus-plugin-content-pages'] ?? {})) {
    for (const page of (content as PageContent[] | undefined) ?? []) {
      if (page.type === 'mdx') pages.push({ file: resolveSource(page.source), permalink: page.permalink, title: '', tag: 'default', category: undefined });
    }
  }
  return pages;
}

const escapeAttribute = (text: string): string => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** The HTML of a page as the indexer reads a built one: meta tags, `<main><article>`, the title as `h1`. */
export function pageHtml(page: SourcePage, markdown: string, locale: string): string {
  const rendered = renderMarkdown(markdown, page.title);
  const title = rendered.heading ?? rendered.title;
  const meta = [
    `<meta name="docsearch:language" content="${escapeAttribute(locale)}">`,
    `<meta name="docsearch:docusaurus_tag" content="${escapeAttribute(page.tag)}">`,
    page.category ? `<meta name="sitesearch:lvl0" content="${escapeAttribute(page.category)}">` : '',
  ].join('');
  return `<!DOCTYPE html><html lang="${escapeAttribute(locale)}"><head><title>${escapeAttribute(title)}</title>${meta}</head><body><main><article><header><h1>${escapeAttribute(title)}</h1></header>\n${rendered.html}\n</article></main></body></html>`;
}

export interface DocusaurusDevIndexOptions {
  siteDir: string;
  /** The locale's `baseUrl`. */
  baseUrl: string;
  locale: string;
  localIndex: LocalIndexOptions | undefined;
  /** `localIndex.synonyms`, read and checked. */
  synonyms?: readonly SynonymHit[];
  log: { info(message: string): void; warn(message: string): void };
}

export interface DocusaurusDevIndex extends DevIndex {
  /** The content plugins' latest content (from `allContentLoaded`); marks the index stale. */
  setContent(allContent: Record<string, Record<string, unknown> | undefined>): void;
  /** The `devServer` part of a webpack config that puts the index's middleware first. */
  devServer(): DevServerConfig;
}

export function createDocusaurusDevIndex(options: DocusaurusDevIndexOptions): DocusaurusDevIndex {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  let content: Record<string, Record<string, unknown> | undefined> = {};
  const index = createDevIndex({
    base,
    exclude: options.localIndex?.exclude,
    defaultLvl0: options.localIndex?.defaultLvl0,
    pageRank: options.localIndex?.pageRank,
    ...(options.synonyms ? { synonyms: options.synonyms } : {}),
    log: options.log,
    async pages(): Promise<DevPage[]> {
      const pages = sourcePages(content, options.siteDir);
      const read = await Promise.all(
        pages.map(async (page) => {
          const markdown = await readFile(page.file, 'utf8').catch(() => undefined);
          return markdown === undefined ? undefined : { path: page.permalink, html: pageHtml(page, markdown, options.locale) };
        }),
      );
      return read.filter((page): page is DevPage => page !== undefined);
    },
  });
  const middleware: DevMiddleware = index.middleware;
  return {
    ...index,
    setContent(allContent) {
      content = allContent;
      index.invalidate();
    },
    devServer: () => devServerWith([{ name: 'sitesearch-dev-index', middleware }]),
  };
}

/** The `devServer` part of a webpack config. */
export interface DevServerConfig {
  setupMiddlewares(middlewares: unknown[], devServer: unknown): unknown[];
}

/** A `devServer` config that puts `ours` first, in their order. */
export function devServerWith(ours: Array<{ name: string; middleware: DevMiddleware }>): DevServerConfig {
  return {
    // webpack-merge calls Docusaurus' setupMiddlewares and this one with the same array and
    // concatenates what they return: ours edits the array in place and returns nothing more,
    // so every middleware stays once, ours first (before the history fallback answers HTML).
    setupMiddlewares(middlewares) {
      middlewares.unshift(...ours);
      return [];
    },
  };
}
