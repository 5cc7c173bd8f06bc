/**
 * Renders the VitePress Markdown corpus (`shared/corpus`) into plain static HTML pages: a nav
 * and a footer that the indexer must skip, a <main><article> with h1…h6 carrying ids, and the
 * top folder as category. Exported for the end-to-end tests of other packages.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';

/** `$SITESEARCH_CORPUS`, else `<repo>/../shared/corpus` resolved from this file; a clear error when it is not there. */
export function findCorpus(): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  // A second checkout (a git worktree elsewhere) names the corpus, wherever it is.
  const corpus = process.env.SITESEARCH_CORPUS ? resolve(process.env.SITESEARCH_CORPUS) : resolve(repoRoot, '../shared/corpus');
  if (!existsSync(join(corpus, 'vite'))) {
    throw new Error(`the docs corpus is missing: expected ${corpus}/vite and ${corpus}/vitest (the shared folder beside the repository)`);
  }
  return corpus;
}

export interface RenderedSite {
  dir: string;
  pages: number;
}

const CATEGORY_NAMES: Record<string, string> = { api: 'API', config: 'Config', guide: 'Guide', blog: 'Blog', changes: 'Breaking Changes', plugins: 'Plugins' };
const CONTAINER = /^:::\s*(tip|info|warning|danger|details|note|caution|important)\b\s*(.*)$/;

/**
 * VitePress' slug: Latin accents dropped (é → e), other marks kept. Dropping every mark, as this
 * did, turned Japanese voiced kana into unvoiced ones (ブラウザー → フラウサー); NFC puts the kept
 * marks back on their letters.
 */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function createMarkdown(): InstanceType<typeof MarkdownIt> {
  const md = new MarkdownIt({ html: true, linkify: false });
  // Heading ids: VitePress' explicit `{#id}` suffix, else a slug of the text; unique per page.
  md.core.ruler.push('heading_ids', (state) => {
    const used = new Map<string, number>();
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i]!;
      if (open.type !== 'heading_open') continue;
      const inline = tokens[i + 1]!;
      let id: string | undefined;
      const explicit = /\s*\{#([^}]+)\}\s*$/.exec(inline.content);
      if (explicit) {
        id = explicit[1]!;
        inline.content = inline.content.slice(0, explicit.index);
        const last = inline.children?.[inline.children.length - 1];
        if (last?.type === 'text') last.content = last.content.replace(/\s*\{#[^}]+\}\s*$/, '');
      } else {
        id = slugify(inline.content) || 'section';
      }
      const seen = used.get(id) ?? 0;
      used.set(id, seen + 1);
      open.attrSet('id', seen === 0 ? id : `${id}-${seen}`);
    }
  });
  return md;
}

/** Turns `::: tip Title` … `:::` containers into HTML blocks, leaving code fences alone. */
function expandContainers(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      out.push(line);
      continue;
    }
    if (fence !== null) {
      out.push(line);
      continue;
    }
    const open = CONTAINER.exec(line.trim());
    if (open) {
      const title = open[2]!.trim() || open[1]!.toUpperCase();
      out.push(`<div class="custom-block ${open[1]}">`, `<p class="custom-block-title">${escapeHtml(title)}</p>`, '');
    } else if (/^:::\s*$/.test(line.trim())) {
      out.push('', '</div>', '');
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

function frontmatter(source: string): { title?: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match) return { body: source };
  const title = /^title:\s*(.+)$/m.exec(match[1]!)?.[1]?.trim().replace(/^['"]|['"]$/g, '');
  return { title, body: source.slice(match[0].length) };
}

async function markdownFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await markdownFiles(full)));
    else if (entry.name.endsWith('.md')) files.push(full);
  }
  return files.sort();
}

/** The language of each corpus folder, for `<html lang>`: Pagefind picks its word splitting (and index) by it. */
export const CORPUS_LANGUAGES: Record<string, string> = { vite: 'en', vitest: 'en', 'vitest-zh': 'zh-CN', 'vite-ja': 'ja' };

/**
 * Renders one corpus folder (`vite`, `vitest`, `vitest-zh`, `vite-ja`) into `outDir`; URL path =
 * file path without `.md`. `lang` defaults to the folder's language in `CORPUS_LANGUAGES`, else `en`.
 * `layout: 'vitepress'` writes VitePress' markup instead (for DocSearch configs written for it),
 * with no category meta and a sidebar linking every page by its clean URL (served by a host with
 * clean URLs: `/guide/cli` is `guide/cli.html`).
 */
export async function renderCorpusSite(
  sourceDir: string,
  outDir: string,
  siteName: string,
  lang = CORPUS_LANGUAGES[basename(sourceDir)] ?? 'en',
  options: { layout?: 'plain' | 'vitepress' } = {},
): Promise<RenderedSite> {
  if (!existsSync(sourceDir)) throw new Error(`no corpus folder at ${sourceDir}`);
  await rm(outDir, { recursive: true, force: true });
  const md = createMarkdown();
  const files = await markdownFiles(sourceDir);
  if (options.layout === 'vitepress') {
    const sidebar = files.map((file) => relative(sourceDir, file).split(sep).join('/')).map((path) => ({ path, href: cleanUrl(path) }));
    for (const file of files) {
      const path = relative(sourceDir, file).split(sep).join('/');
      const { title, body } = frontmatter(await readFile(file, 'utf8'));
      const html = md.render(expandContainers(body));
      const target = join(outDir, path.replace(/\.md$/, '.html'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, vitepressPage({ html, title, path, siteName, lang, sidebar }));
    }
    return { dir: outDir, pages: files.length };
  }
  const nav = `<header><nav aria-label="Main"><a href="/">${siteName} home</a> <a href="/guide/">Guide</a> <a href="/config/">Config</a> <a href="/api/">API</a></nav></header>`;
  const footer = `<footer><p>Released under the MIT License. Footer boilerplate that search must skip.</p></footer>`;
  for (const file of files) {
    const path = relative(sourceDir, file).split(sep).join('/');
    const { title, body } = frontmatter(await readFile(file, 'utf8'));
    let html = md.render(expandContainers(body));
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
    const pageTitle = title ?? (h1 ? h1[1]!.replace(/<[^>]+>/g, '') : path.replace(/\.md$/, ''));
    if (!h1) html = `<h1 id="top">${escapeHtml(pageTitle)}</h1>\n${html}`;
    const segments = path.split('/');
    const category = segments.length > 1 ? (CATEGORY_NAMES[segments[0]!] ?? segments[0]!.charAt(0).toUpperCase() + segments[0]!.slice(1)) : siteName;
    const page = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(pageTitle)} | ${siteName}</title>
<meta name="sitesearch:lvl0" content="${escapeHtml(category)}">
</head>
<body>
${nav}
<main data-pagefind-body><article>
${html}
</article></main>
${footer}
</body>
</html>
`;
    const target = join(outDir, path.replace(/\.md$/, '.html'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, page);
  }
  return { dir: outDir, pages: files.length };
}

/** `guide/index.md` → `/guide/`, `guide/cli.md` → `/guide/cli`: VitePress' clean URLs (`cleanUrls: true`). */
function cleanUrl(path: string): string {
  return `/${path.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`;
}

/**
 * A page in the markup of VitePress' default theme (1.x, as cn.vitest.dev serves it), the markup
 * its DocSearch config's selectors (`.content h1`, `.content p, .content li`) were written for: the
 * nav bar (whose own `.content` holds the menu), the sidebar `<aside>`, the outline in `div.aside`
 * (a `.content` with `<li>`s), `main .vp-doc` in `div.content`, headings with `.header-anchor`
 * permalinks, and the prev/next footer.
 */
function vitepressPage(page: { html: string; title?: string; path: string; siteName: string; lang: string; sidebar: { path: string; href: string }[] }): string {
  const headings = [...page.html.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)];
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.html);
  const pageTitle = page.title ?? (h1 ? h1[1]!.replace(/<[^>]+>/g, '') : page.path.replace(/\.md$/, ''));
  // VitePress links Markdown files by their clean URLs (`./cli.md#x` → `./cli#x`, `index.md` → its folder).
  const linked = page.html.replace(/href="([^":#]*?)\.md(#[^"]*)?"/g, (_, target: string, hash = '') => `href="${target.replace(/(^|\/)index$/, '$1')}${hash}"`);
  const withAnchors = linked.replace(
    /<h([1-6]) id="([^"]+)">([\s\S]*?)<\/h\1>/g,
    (_, level: string, id: string, text: string) => `<h${level} id="${id}" tabindex="-1">${text} <a class="header-anchor" href="#${id}" aria-label="Permalink to &quot;${escapeHtml(text.replace(/<[^>]+>/g, ''))}&quot;">&#8203;</a></h${level}>`,
  );
  const index = page.sidebar.findIndex((item) => item.path === page.path);
  const pager = (item: { href: string; path: string } | undefined, rel: 'prev' | 'next', label: string) =>
    item ? `<div class="pager"><a class="VPLink link pager-link ${rel}" href="${item.href}"><span class="desc">${label}</span><span class="title">${escapeHtml(item.path)}</span></a></div>` : '';
  return `<!DOCTYPE html>
<html lang="${page.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<title>${escapeHtml(pageTitle)} | ${page.siteName}</title>
</head>
<body>
<div id="app"><div class="Layout">
<a href="#VPContent" class="VPSkipLink visually-hidden">Skip to content</a>
<header class="VPNav"><div class="VPNavBar has-sidebar"><div class="wrapper"><div class="container">
<div class="title"><div class="VPNavBarTitle has-sidebar"><a class="title" href="/"><span>${page.siteName}</span></a></div></div>
<div class="content"><div class="content-body"><nav aria-labelledby="main-nav-aria-label" class="VPNavBarMenu"><span id="main-nav-aria-label" class="visually-hidden">Main Navigation</span><a class="VPLink link VPNavBarMenuLink" href="/guide/"><span>指南</span></a><a class="VPLink link VPNavBarMenuLink" href="/config/"><span>配置</span></a></nav></div></div>
</div></div></div></header>
<aside class="VPSidebar"><nav class="nav" id="VPSidebarNav" aria-labelledby="sidebar-aria-label"><span class="visually-hidden" id="sidebar-aria-label">Sidebar Navigation</span>
${page.sidebar.map((item) => `<div class="VPSidebarItem level-1"><div class="item"><a class="VPLink link" href="${item.href}"><p class="text">${escapeHtml(item.path)}</p></a></div></div>`).join('\n')}
</nav></aside>
<div class="VPContent has-sidebar" id="VPContent"><div class="VPDoc has-sidebar has-aside"><div class="container">
<div class="aside"><div class="aside-curtain"></div><div class="aside-container"><div class="aside-content"><div class="VPDocAside"><nav aria-labelledby="doc-outline-aria-label" class="VPDocAsideOutline"><div class="content"><div class="outline-marker"></div><div class="outline-title" id="doc-outline-aria-label">页面导航</div><ul class="VPDocOutlineItems root">
${headings.map(([, , id, text]) => `<li><a class="outline-link" href="#${id}">${text}</a></li>`).join('\n')}
</ul></div></nav></div></div></div></div>
<div class="content"><div class="content-container">
<main class="main"><div style="position:relative;" class="vp-doc _${page.path.replace(/\.md$/, '').replace(/\W+/g, '_')}"><div>
${h1 ? withAnchors : `<h1 id="top" tabindex="-1">${escapeHtml(pageTitle)}</h1>\n${withAnchors}`}
</div></div></main>
<footer class="VPDocFooter"><nav class="prev-next" aria-labelledby="doc-footer-aria-label"><span class="visually-hidden" id="doc-footer-aria-label">Pager</span>
${pager(page.sidebar[index - 1], 'prev', '上一页')}${pager(page.sidebar[index + 1], 'next', '下一页')}
</nav></footer>
</div></div>
</div></div></div>
<footer class="VPFooter has-sidebar"><div class="container"><p class="message">Released under the MIT License.</p></div></footer>
</div></div>
</body>
</html>
`;
}
