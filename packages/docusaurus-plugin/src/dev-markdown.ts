/**
 * Markdown/MDX source → the HTML a built Docusaurus page holds, as far as the indexer reads it:
 * headings with the ids Docusaurus gives them, and text blocks (paragraphs, list items, table
 * cells). `docusaurus start` renders pages in the browser only (its HTML is an empty shell), so
 * in dev the index is made from the sources. Code blocks, imports/exports, JSX tags and
 * admonition fences are left out, as the indexer leaves out code and markup of built pages.
 * Good enough for dev search, where the page text matters; `docusaurus build` indexes the real
 * pages.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** Markdown inline syntax → plain text (links keep their text, images and tags go). */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/\{\/\*.*?\*\/\}/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Heading ids as Docusaurus writes them (github-slugger): lower case, punctuation and symbols
 * dropped, spaces to `-`, repeats numbered `-1`, `-2`… per page.
 */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    let slug = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(slug, 0);
    return slug;
  };
}

export interface MarkdownPage {
  /** Front matter `title` or the plugin's title: the page title when the source has no `# heading`. */
  title: string;
  /** The body: headings and text blocks, without the page title. */
  html: string;
  /** The source's own `# heading`, if any (Docusaurus uses it as the title). */
  heading: string | undefined;
}

/** Drops the front matter; returns it as `key: value` pairs of its top level (enough for `title`). */
function splitFrontMatter(source: string): { frontMatter: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { frontMatter: {}, body: source };
  const frontMatter: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (pair) frontMatter[pair[1]!] = pair[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return { frontMatter, body: source.slice(match[0].length) };
}

/** Renders the parts of a Markdown/MDX page that search reads. */
export function renderMarkdown(source: string, fallbackTitle: string): MarkdownPage {
  const { frontMatter, body } = splitFrontMatter(source);
  const slug = createSlugger();
  const out: string[] = [];
  let heading: string | undefined;
  let paragraph: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    const text = inlineText(paragraph.join(' '));
    if (text) out.push(`<p>${escapeHtml(text)}</p>`);
    paragraph = [];
  };
  // HTML comments hold notes for writers, not text for readers (a built page has none).
  for (const line of body.replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/)) {
    if (fence) {
      if (line.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening) {
      flush();
      fence = opening[1];
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || /^:::/.test(trimmed) || /^(import|export)\s/.test(line) || /^\|?\s*:?-{3,}/.test(trimmed)) {
      flush();
      continue;
    }
    const headingMatch = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (headingMatch) {
      flush();
      const level = headingMatch[1]!.length;
      const custom = /\s*\{#([^}\s]+)\}\s*$/.exec(headingMatch[2]!);
      const text = inlineText(custom ? headingMatch[2]!.slice(0, custom.index) : headingMatch[2]!);
      if (level === 1) {
        heading ??= text;
        continue;
      }
      out.push(`<h${level} id="${escapeHtml(custom ? custom[1]! : slug(text))}">${escapeHtml(text)}</h${level}>`);
      continue;
    }
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      paragraph.push(item[1]!);
      const text = inlineText(paragraph.join(' '));
      if (text) out.push(`<ul><li>${escapeHtml(text)}</li></ul>`);
      paragraph = [];
      continue;
    }
    if (trimmed.startsWith('|')) {
      flush();
      const cells = trimmed.replace(/^\||\|$/g, '').split('|').map(inlineText).filter(Boolean);
      if (cells.length > 0) out.push(`<table><tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr></table>`);
      continue;
    }
    paragraph.push(trimmed.replace(/^>\s?/, ''));
  }
  flush();
  return { title: frontMatter.title || fallbackTitle, html: out.join('\n'), heading };
}
