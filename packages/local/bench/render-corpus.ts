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

/** `<repo>/../shared/corpus`, resolved from this file; a clear error when it is not there. */
export function findCorpus(): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const corpus = resolve(repoRoot, '../shared/corpus');
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
 */
export async function renderCorpusSite(sourceDir: string, outDir: string, siteName: string, lang = CORPUS_LANGUAGES[basename(sourceDir)] ?? 'en'): Promise<RenderedSite> {
  if (!existsSync(sourceDir)) throw new Error(`no corpus folder at ${sourceDir}`);
  await rm(outDir, { recursive: true, force: true });
  const md = createMarkdown();
  const files = await markdownFiles(sourceDir);
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
