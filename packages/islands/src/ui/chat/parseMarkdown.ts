/**
 * A small Markdown parser for assistant answers: text in, a tree of plain objects out, which
 * `Markdown.tsx` turns into elements. Nothing here produces HTML, so raw HTML in an answer stays
 * literal text, and a link's URL is checked (`toSafeUrl`) before it becomes a link at all.
 *
 * It covers what models write (CommonMark's common blocks and inlines, GFM tables, strikethrough
 * and bare URLs) and copes with a half-streamed answer: an unclosed fence is a code block so far,
 * an unclosed `**` or `[` is text until its closer arrives.
 */
import { toSafeUrl } from '../../core/search/safeUrl.js';

export type Inline =
  | string
  | { type: 'code'; text: string }
  | { type: 'em' | 'strong' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

export type Align = 'left' | 'center' | 'right' | undefined;

export type Block =
  | { type: 'p'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'code'; lang: string; text: string; closed: boolean }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { type: 'hr' };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^([ \t]*)([-*+]|(\d{1,9})[.)])([ \t]+|$)/;
const TABLE_DELIMITER = /^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$/;

/** Width of a line's indentation, a tab counting as 4 columns. */
const indentOf = (line: string): number => /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;

/** Removes up to `columns` columns of indentation; tabs inside the content stay (Makefiles). */
function dedent(line: string, columns: number): string {
  let i = 0;
  for (let width = 0; width < columns && (line[i] === ' ' || line[i] === '\t'); i++) width += line[i] === '\t' ? 4 : 1;
  return line.slice(i);
}
const isBlank = (line: string) => line.trim() === '';

/** Parses a whole (possibly partial) Markdown document. */
export function parseMarkdown(markdown: string): Block[] {
  return parseBlocks(markdown.replace(/\r\n?/g, '\n').split('\n'));
}

function startsBlock(line: string, next: string | undefined): boolean {
  return FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || LIST_ITEM.test(line) || isTableStart(line, next);
}

function isTableStart(line: string, next: string | undefined): boolean {
  return line.includes('|') && next !== undefined && next.includes('-') && TABLE_DELIMITER.test(next);
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    let match: RegExpExecArray | null;
    if (isBlank(line)) {
      i++;
    } else if ((match = FENCE.exec(line))) {
      const [, fence, lang] = match;
      const indent = indentOf(line);
      const body: string[] = [];
      const closing = new RegExp(`^ {0,3}${fence![0]}{${fence!.length},}[ \\t]*$`);
      let closed = false;
      for (i++; i < lines.length; i++) {
        const inner = lines[i]!;
        if (closing.test(inner)) {
          closed = true;
          i++;
          break;
        }
        // Content of an indented fence loses up to that much indentation, as in CommonMark.
        body.push(dedent(inner, indent));
      }
      blocks.push({ type: 'code', lang: lang!.replace(/[^\w#+.-]/g, ''), text: body.join('\n'), closed });
    } else if ((match = HEADING.exec(line))) {
      blocks.push({ type: 'heading', level: match[1]!.length, children: parseInlines(match[2] ?? '') });
      i++;
    } else if (HR.test(line)) {
      blocks.push({ type: 'hr' });
      i++;
    } else if (QUOTE.test(line)) {
      const inner: string[] = [];
      // Lazy continuation lines (no `>`) continue the quote's paragraph, as in CommonMark.
      while (i < lines.length && (QUOTE.test(lines[i]!) || (!isBlank(lines[i]!) && !startsBlock(lines[i]!, lines[i + 1])))) {
        inner.push(lines[i]!.replace(QUOTE, ''));
        i++;
      }
      blocks.push({ type: 'quote', children: parseBlocks(inner) });
    } else if (LIST_ITEM.test(line)) {
      i = parseList(lines, i, blocks);
    } else if (isTableStart(line, lines[i + 1])) {
      // By where the delimiter cell has colons: `:--` left, `--:` right, `:-:` center.
      const align = splitRow(lines[i + 1]!).map((cell) => ([undefined, 'left', 'right', 'center'] as const)[+cell.startsWith(':') + 2 * +cell.endsWith(':')]);
      const head = splitRow(line).map(parseInlines);
      const rows: Inline[][][] = [];
      for (i += 2; i < lines.length && !isBlank(lines[i]!) && lines[i]!.includes('|'); i++) {
        rows.push(splitRow(lines[i]!).map(parseInlines));
      }
      blocks.push({ type: 'table', align, head, rows });
    } else {
      const text: string[] = [line];
      for (i++; i < lines.length && !isBlank(lines[i]!) && !startsBlock(lines[i]!, lines[i + 1]); i++) text.push(lines[i]!);
      blocks.push({ type: 'p', children: parseInlines(text.map((part) => part.replace(/^[ \t]+/, '')).join('\n')) });
    }
  }
  return blocks;
}

/**
 * A list and its items. Forgiving about nesting, since models indent sub-lists by two spaces
 * under `1.`: a line indented more than the list's marker belongs to the current item.
 */
function parseList(lines: string[], i: number, blocks: Block[]): number {
  const first = LIST_ITEM.exec(lines[i]!)!;
  const ordered = first[3] !== undefined;
  const markerIndent = indentOf(first[1]!);
  const items: Block[][] = [];
  while (i < lines.length) {
    const match = LIST_ITEM.exec(lines[i]!);
    if (!match || indentOf(match[1]!) !== markerIndent || (match[3] !== undefined) !== ordered) break;
    const contentIndent = markerIndent + match[2]!.length + Math.min(indentOf(match[4]!) || 1, 4);
    const body = [lines[i]!.slice(match[0].length)];
    for (i++; i < lines.length; i++) {
      const line = lines[i]!;
      if (isBlank(line)) {
        // A blank line continues the item only if indented content follows it.
        const next = lines.slice(i + 1).find((candidate) => !isBlank(candidate));
        if (next === undefined || indentOf(next) <= markerIndent) break;
        body.push('');
      } else if (indentOf(line) > markerIndent) {
        body.push(dedent(line, contentIndent));
      } else if (!startsBlock(line, lines[i + 1]) && !isBlank(body[body.length - 1]!)) {
        body.push(line); // a lazy continuation of the item's paragraph
      } else {
        break;
      }
    }
    items.push(parseBlocks(body));
    while (i < lines.length && isBlank(lines[i]!) && LIST_ITEM.test(lines.slice(i).find((line) => !isBlank(line)) ?? '')) i++;
  }
  blocks.push({ type: 'list', ordered, start: ordered ? Number(first[3]) : 1, items });
  return i;
}

function splitRow(row: string): string[] {
  // An escaped pipe is part of a cell (no lookbehind: older Safari cannot parse it).
  const cells = row.trim().replace(/\\\|/g, '\0').replace(/^\|/, '').replace(/\|$/, '').split('|');
  return cells.map((cell) => cell.trim().replace(/\0/g, '|'));
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const SPECIAL = /[\\`*_~[!<\nh]/g;
const BARE_URL = /https?:\/\/[^\s<>"`]+/y;
const URL_TRAILER = /[?!.,:;*_~'"\]]$/;

/** Parses the inline content of one block. */
export function parseInlines(source: string): Inline[] {
  return inlineParser(source, false)(0)!.nodes;
}

interface Parsed {
  nodes: Inline[];
  end: number;
}

/**
 * Emphasis is parsed by recursion: an opener parses what follows until its closer; with no
 * closer, the opener is text. Results are memoised per position and delimiter; a step budget
 * and a nesting limit bound hostile input (hundreds of unclosed openers): beyond them, openers
 * are text.
 */
function inlineParser(src: string, inLink: boolean) {
  let budget = src.length * 16 + 256;
  let depth = 0;
  const memo = new Map<string, Parsed | null>();
  const lastCloser = new Map<string, number>();
  const parseFrom = (start: number, closer?: string): Parsed | null => {
    if (closer && !lastCloser.has(closer)) {
      let at = src.length;
      while ((at = src.lastIndexOf(closer, at - 1)) > 0 && /\s/.test(src[at - 1]!));
      lastCloser.set(closer, at);
    }
    // Most failed openers have no closer after them at all: no need to scan for one.
    if (closer && lastCloser.get(closer)! <= start) return null;
    const key = `${start}${closer}`;
    if (!memo.has(key)) {
      depth++;
      memo.set(key, parse(start, closer));
      depth--;
    }
    return memo.get(key)!;
  };

  function parse(start: number, closer?: string): Parsed | null {
    const nodes: Inline[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push(decodeEntities(text));
      text = '';
    };
    /** Ends the text so far and adds `node` after it. */
    const emit = (node: Inline) => {
      flush();
      nodes.push(node);
    };
    let i = start;
    while (i < src.length) {
      if (--budget < 0 && closer) return null;
      const char = src[i]!;
      if (closer && i > start && src.startsWith(closer, i) && !/\s/.test(src[i - 1]!) && !(closer[0] === '_' && /\w/.test(src[i + closer.length] ?? ''))) {
        flush();
        return { nodes, end: i + closer.length };
      }
      if (char === '\\' && i + 1 < src.length && (PUNCTUATION.test(src[i + 1]!) || src[i + 1] === '\n')) {
        if (src[i + 1] === '\n') emit({ type: 'br' });
        else text += src[i + 1];
        i += 2;
        continue;
      }
      if (char === '`') {
        const run = /^`+/.exec(src.slice(i))![0];
        const close = findBacktickRun(src, i + run.length, run.length);
        if (close < 0) {
          text += run;
          i += run.length;
        } else {
          const code = src.slice(i + run.length, close).replace(/\n/g, ' ');
          emit({ type: 'code', text: /^ .*[^ ].* $/.test(code) ? code.slice(1, -1) : code });
          i = close + run.length;
        }
        continue;
      }
      if (char === '*' || char === '_' || char === '~') {
        let run = char;
        while (src[i + run.length] === char) run += char;
        const canOpen = budget > 0 && depth < 16 && /\S/.test(src[i + run.length] ?? ' ') && !(char === '_' && /\w/.test(src[i - 1] ?? ''));
        const candidates = char === '~' ? (run.length === 2 ? ['~~'] : []) : run.length >= 2 ? [char + char, char] : [char];
        let parsed = false;
        for (const delimiter of canOpen ? candidates : []) {
          const inner = parseFrom(i + delimiter.length, delimiter);
          if (inner) {
            emit({ type: delimiter === '~~' ? 'del' : delimiter.length === 2 ? 'strong' : 'em', children: inner.nodes });
            i = inner.end;
            parsed = true;
            break;
          }
        }
        if (!parsed) {
          text += run;
          i += run.length;
        }
        continue;
      }
      if ((char === '[' || (char === '!' && src[i + 1] === '[')) && !inLink) {
        const link = parseLink(src, char === '!' ? i + 1 : i);
        if (link) {
          flush();
          // Images are never loaded from an answer (tracking pixels, layout shifts): a safe image
          // becomes a link to it, labelled with its alt text.
          const children = inlineParser(link.label, true)(0)!.nodes;
          const href = toSafeUrl(link.url);
          if (href !== undefined) nodes.push({ type: 'link', href, children });
          else nodes.push(...children);
          i = link.end;
          continue;
        }
      }
      if (char === '<') {
        const auto = /^<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/i.exec(src.slice(i));
        const href = auto && !inLink ? toSafeUrl(auto[1]) : undefined;
        if (auto && href !== undefined) {
          emit({ type: 'link', href, children: [auto[1]!] });
          i += auto[0].length;
          continue;
        }
      }
      if (char === 'h' && !inLink && !/\w/.test(src[i - 1] ?? '')) {
        BARE_URL.lastIndex = i;
        let url = BARE_URL.exec(src)?.[0] ?? '';
        // Trailing punctuation ends a sentence, not the URL; a closing parenthesis belongs to
        // the URL only if the URL opened one (Wikipedia-style links).
        while (URL_TRAILER.test(url) || (url.endsWith(')') && url.split('(').length < url.split(')').length)) url = url.slice(0, -1);
        if (/\/\/[^/]/.test(url)) {
          emit({ type: 'link', href: url, children: [url] });
          i += url.length;
          continue;
        }
      }
      if (char === '\n') {
        if (/ {2,}$/.test(text)) {
          text = text.replace(/ +$/, '');
          emit({ type: 'br' });
        } else text += '\n';
        i++;
        continue;
      }
      // Copy plain text up to the next character that may start something.
      SPECIAL.lastIndex = i + 1;
      const next = SPECIAL.exec(src);
      const end = next ? next.index : src.length;
      text += src.slice(i, end);
      i = end;
    }
    if (closer) return null;
    flush();
    return { nodes, end: i };
  }
  return parseFrom;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The entities models write (`&amp;`, `&lt;`, `&#39;`, …), decoded into text (never into markup). */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()]!;
    const code = decimal ? Number(decimal) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

function findBacktickRun(src: string, from: number, length: number): number {
  const pattern = /`+/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(src); match; match = pattern.exec(src)) {
    if (match[0].length === length) return match.index;
  }
  return -1;
}

/** `[label](url "title")` starting at `start` (the `[`), or null. */
function parseLink(src: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let i = start;
  for (; i < src.length; i++) {
    const char = src[i];
    if (char === '\\') i++;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) break;
  }
  if (i >= src.length || src[i + 1] !== '(') return null;
  const label = src.slice(start + 1, i);
  const rest = src.slice(i + 2);
  const destination = /^\s*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))(?:\s+("[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/.exec(rest);
  if (!destination) return null;
  return { label, url: (destination[1] ?? destination[2] ?? '').replace(/\\(.)/g, '$1'), end: i + 2 + destination[0].length };
}

/** The text of inline nodes, without markup. */
export function textOf(nodes: Inline[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : node.type === 'br' ? '\n' : 'text' in node ? node.text : textOf(node.children))).join('');
}

/** The text of a document, for screen-reader announcements and copying. */
export function plainTextOf(blocks: Block[]): string {
  return blocks
    .map((block): string => {
      switch (block.type) {
        case 'p':
        case 'heading':
          return textOf(block.children);
        case 'code':
          return block.text;
        case 'list':
          return block.items.map((item) => plainTextOf(item)).join('\n');
        case 'quote':
          return plainTextOf(block.children);
        case 'table':
          return [block.head, ...block.rows].map((row) => row.map(textOf).join(' | ')).join('\n');
        default:
          return '';
      }
    })
    .filter(Boolean)
    .join('\n\n');
}
