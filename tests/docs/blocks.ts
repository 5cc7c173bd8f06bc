/**
 * The code blocks of the documentation that say they run, and what they say about themselves.
 *
 * The "runnable" marker:
 * - Markdown: an HTML comment right before a fenced block, `<!-- runnable -->`; the fence's
 *   info string is the language (```ts, ```sh, ```html, ```astro…).
 * - Site pages (`site/src/pages/**\/*.astro`): a `data-runnable` attribute on the `<pre>` of a
 *   `<pre><code>…</code></pre>` example, whose first word is the language:
 *   `<pre data-runnable="ts"><code>{`…`}</code></pre>`.
 * After the language, the marker may say `file=<path>`: the block is that file of an Astro
 * project (a block whose first line, or first line after `---`, is a `// <path>` comment names its
 * file the same way), `step=<n>`: an optional later step of the same project (default 1), and
 * `template=starlight`: the project starts from Starlight's template instead of Astro's minimal
 * one (built, not type-checked: Starlight ships TypeScript sources that only compile in Astro).
 * Unmarked blocks are prose examples and are not run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CodeBlock {
  /** Document, relative to the repository root. */
  doc: string;
  /** Line of the document where the code starts (1-based). */
  line: number;
  /** Language, lower-case: ts, tsx, js, jsx, sh, html, astro… */
  lang: string;
  code: string;
  /** The file of an Astro project this block is, if it is one. */
  file?: string;
  /** Step of the project the file belongs to (1 = the minimal setup). */
  step: number;
  /** The `npm create astro` template the project starts from. */
  template: AstroTemplate;
}

export type AstroTemplate = 'minimal' | 'starlight';
const TEMPLATES: readonly string[] = ['minimal', 'starlight'] satisfies AstroTemplate[];

export interface Extracted {
  blocks: CodeBlock[];
  /** Markers that do not sit on a code block (a typo must not silently skip a check). */
  problems: string[];
}

/** `// astro.config.mjs` or, in Astro frontmatter, `---\n// src/pages/index.astro`. */
const FILE_COMMENT = /^(?:---\r?\n)?\/\/ ([\w./-]+\.[a-z]+)\b/;

function describeBlock(doc: string, line: number, lang: string, code: string, marker: string): CodeBlock | string {
  const words = marker.trim().split(/\s+/).filter(Boolean);
  const settings = Object.fromEntries(words.filter((word) => word.includes('=')).map((word) => word.split('=', 2) as [string, string]));
  const unknown = Object.keys(settings).filter((key) => key !== 'file' && key !== 'step' && key !== 'template');
  if (unknown.length > 0) return `${doc}:${line}: unknown runnable setting ${unknown.join(', ')} (known: file=, step=, template=)`;
  const template = settings.template ?? 'minimal';
  if (!TEMPLATES.includes(template)) return `${doc}:${line}: template=${template} is not one of ${TEMPLATES.join(', ')}`;
  const step = settings.step === undefined ? 1 : Number(settings.step);
  if (!Number.isInteger(step) || step < 1) return `${doc}:${line}: step=${settings.step} is not a whole number of 1 or more`;
  if (!lang) return `${doc}:${line}: a runnable block needs a language`;
  return { doc, line, lang: lang.toLowerCase(), code, file: settings.file ?? code.match(FILE_COMMENT)?.[1], step, template: template as AstroTemplate };
}

/** Runnable blocks of a Markdown document. */
export function markdownBlocks(doc: string, text: string): Extracted {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  const problems: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const marker = lines[index]!.match(/^<!--\s*runnable\b(.*?)-->\s*$/);
    if (!marker) continue;
    const fence = lines[index + 1]?.match(/^(`{3,})\s*([\w+-]*)/);
    if (!fence) {
      problems.push(`${doc}:${index + 1}: <!-- runnable --> is not right before a fenced code block`);
      continue;
    }
    const end = lines.findIndex((line, at) => at > index + 1 && line.trimEnd() === fence[1]);
    if (end < 0) {
      problems.push(`${doc}:${index + 2}: the code block is never closed`);
      continue;
    }
    const block = describeBlock(doc, index + 3, fence[2]!, lines.slice(index + 2, end).join('\n'), marker[1]!);
    if (typeof block === 'string') problems.push(block);
    else blocks.push(block);
    index = end;
  }
  return { blocks, problems };
}

/** The text of a `<code>` body in an .astro page: a template literal in braces, or plain text. */
function codeText(body: string): string | undefined {
  const literal = body.match(/^\{\s*`([\s\S]*)`\s*\}$/);
  if (literal) {
    // An interpolation would make the shown code differ from the checked one.
    if (/(^|[^\\])\$\{/.test(literal[1]!)) return undefined;
    return literal[1]!.replace(/\\([`$\\])/g, '$1');
  }
  if (/[{}]/.test(body)) return undefined;
  return body.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** Runnable blocks of an .astro page. */
export function astroPageBlocks(doc: string, text: string): Extracted {
  const blocks: CodeBlock[] = [];
  const problems: string[] = [];
  for (const match of text.matchAll(/<pre\b([^>]*)>/g)) {
    const marker = match[1]!.match(/\bdata-runnable(?:\s*=\s*"([^"]*)")?/);
    if (!marker) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const rest = text.slice(match.index! + match[0].length);
    const code = rest.match(/^<code\b[^>]*>([\s\S]*?)<\/code>\s*<\/pre>/);
    const body = code ? codeText(code[1]!) : undefined;
    if (body === undefined) {
      problems.push(`${doc}:${line}: a data-runnable <pre> must hold <code>{\`…\`}</code> (a template literal without \${…}) or plain text`);
      continue;
    }
    const [lang = '', ...settings] = (marker[1] ?? '').trim().split(/\s+/);
    const block = describeBlock(doc, line, lang.includes('=') ? '' : lang, body, settings.join(' '));
    if (typeof block === 'string') problems.push(block);
    else blocks.push(block);
  }
  return { blocks, problems };
}

/** Files under `dir` (relative to `root`) whose names end with `suffix`. */
function filesUnder(root: string, dir: string, suffix: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

/** Every runnable block of the README files and the site's pages, in document order. */
export function documentationBlocks(repoRoot: string): Extracted {
  const packageReadmes = readdirSync(join(repoRoot, 'packages')).map((name) => `packages/${name}/README.md`).filter((doc) => existsSync(join(repoRoot, doc)));
  const docs = [
    ...['README.md', ...packageReadmes].map((doc) => ({ doc, parse: markdownBlocks })),
    ...filesUnder(repoRoot, 'site/src/pages', '.astro').map((doc) => ({ doc, parse: astroPageBlocks })),
  ];
  const all: Extracted = { blocks: [], problems: [] };
  for (const { doc, parse } of docs.sort((a, b) => a.doc.localeCompare(b.doc))) {
    const found = parse(doc, readFileSync(join(repoRoot, doc), 'utf8'));
    all.blocks.push(...found.blocks);
    all.problems.push(...found.problems);
  }
  return all;
}
