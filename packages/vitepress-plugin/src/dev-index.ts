/**
 * Search in `vitepress dev`: the dev server renders pages in the browser, so there is no HTML to
 * crawl. The site's Markdown is rendered with VitePress's own renderer instead (the `.vp-doc` a
 * build would have), indexed in memory by `@sitesearch/local/dev` on the first request for the
 * index, and again after any Markdown file changes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDevIndex, type DevIndex, type DevPage } from '@sitesearch/local/dev';
import type { LocalIndexOptions } from '@sitesearch/islands/ssg';
import type { SiteConfig } from 'vitepress';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A page's path, as the file a build writes (`rewrites` followed): the dev index links it as
 * such (`/guide/intro.html`, which `vitepress dev` serves whatever `cleanUrls` says).
 */
export function pagePath(siteConfig: Pick<SiteConfig, 'rewrites'>, page: string, base: string): string {
  return `${base}${(siteConfig.rewrites.map[page] ?? page).replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '.html')}`;
}

/** The `lang` of a page: that of the locale its path is under, else the site's. */
function pageLang(siteConfig: SiteConfig, path: string): string {
  const key = Object.keys(siteConfig.site.locales).find((locale) => locale !== 'root' && path.startsWith(`${locale}/`));
  return (key && siteConfig.site.locales[key]?.lang) || siteConfig.site.lang;
}

export function createVitePressDevIndex(siteConfig: SiteConfig, base: string, localIndex: LocalIndexOptions | undefined): DevIndex {
  return createDevIndex({
    base,
    exclude: localIndex?.exclude,
    defaultLvl0: localIndex?.defaultLvl0,
    pageRank: localIndex?.pageRank,
    log: { info: (line) => siteConfig.logger.info(`sitesearch: ${line}`), warn: (line) => siteConfig.logger.warn(`sitesearch: ${line}`) },
    async pages(): Promise<DevPage[]> {
      const { createMarkdownRenderer } = await import('vitepress');
      const md = await createMarkdownRenderer(siteConfig.srcDir, siteConfig.markdown, siteConfig.site.base, siteConfig.logger);
      return Promise.all(
        siteConfig.pages.map(async (page) => {
          const source = await readFile(join(siteConfig.srcDir, page), 'utf8');
          const [, frontmatter = '', body = source] = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source) ?? [];
          const title = /^title:\s*(.+)$/m.exec(frontmatter)?.[1]?.trim().replace(/^['"]|['"]$/g, '') ?? '';
          const html = md.render(body, { path: join(siteConfig.srcDir, page), relativePath: page, cleanUrls: siteConfig.cleanUrls, frontmatter: {} });
          return {
            path: pagePath(siteConfig, page, base),
            html: `<!doctype html><html lang="${escapeHtml(pageLang(siteConfig, page))}"><head><title>${escapeHtml(title)}</title></head><body><main class="vp-doc">${html}</main></body></html>`,
          };
        }),
      );
    },
  });
}
