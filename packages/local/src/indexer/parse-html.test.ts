import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectAll } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCorpus, renderCorpusSite } from '../../bench/render-corpus.js';
import { seededRandom as random } from '../test-support/random.js';
import { parseHtml, type HtmlDocument, type HtmlNode } from './parse-html.js';

/** A tree as nested plain data, with the sibling and parent links checked on the way. */
function shape(node: AnyNode | HtmlNode | HtmlDocument): unknown {
  const children = 'children' in node ? (node.children as (AnyNode | HtmlNode)[]) : [];
  children.forEach((child, i) => {
    expect(child.parent).toBe(node);
    expect(child.prev ?? null).toBe(children[i - 1] ?? null);
    expect(child.next ?? null).toBe(children[i + 1] ?? null);
  });
  return {
    type: node.type,
    ...('name' in node && node.type !== 'text' && node.type !== 'comment' ? { name: node.name } : {}),
    ...('attribs' in node ? { attribs: { ...node.attribs } } : {}),
    ...('data' in node ? { data: node.data } : {}),
    ...(children.length > 0 ? { children: children.map(shape) } : {}),
  };
}

/**
 * A tree as one string, for comparing many large trees quickly (`shape` calls expect per node);
 * the sibling and parent links are checked on the way and a broken one is written into the string.
 */
function flat(node: AnyNode | HtmlNode | HtmlDocument, out: string[] = []): string[] {
  const any = node as { type: string; name?: string; data?: string; attribs?: Record<string, string>; children?: (AnyNode | HtmlNode)[] };
  let line = any.type;
  if (any.type !== 'text' && any.type !== 'comment' && any.name !== undefined) line += ` <${any.name}>`;
  if (any.attribs) line += ` ${JSON.stringify(Object.entries(any.attribs))}`;
  if (any.data !== undefined) line += ` ${JSON.stringify(any.data)}`;
  const children = any.children ?? [];
  line += ` (${children.length})`;
  out.push(line);
  children.forEach((child, i) => {
    if (child.parent !== node || (child.prev ?? null) !== (children[i - 1] ?? null) || (child.next ?? null) !== (children[i + 1] ?? null)) out.push('BROKEN LINK');
    flat(child, out);
  });
  return out;
}

/** Where two flattened trees first differ, with a few lines around it (empty when equal). */
function firstDifference(html: string): string {
  const ours = flat(parseHtml(html));
  const theirs = flat(parseDocument(html, { decodeEntities: true }));
  const length = Math.max(ours.length, theirs.length);
  for (let i = 0; i < length; i++) {
    if (ours[i] !== theirs[i]) return `line ${i}\n ours: ${ours.slice(Math.max(0, i - 3), i + 3).join('\n       ')}\n    lib: ${theirs.slice(Math.max(0, i - 3), i + 3).join('\n       ')}`;
  }
  return '';
}

const SOUP_TAGS = ['p', 'div', 'span', 'a', 'b', 'i', 'li', 'ul', 'ol', 'dl', 'dd', 'dt', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'h1', 'h2', 'h6', 'form', 'input', 'select', 'option', 'optgroup', 'button', 'datalist', 'output', 'br', 'hr', 'img', 'image', 'link', 'meta', 'area', 'wbr', 'svg', 'math', 'path', 'g', 'foreignObject', 'foreignobject', 'clipPath', 'desc', 'mi', 'mtext', 'annotation-xml', 'title', 'script', 'style', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'template', 'pre', 'body', 'head', 'html', 'rt', 'rp', 'main', 'nav', 'article', 'section', 'code', 'scripts', 'tit', 'plaintext'];
const SOUP_TEXT = ['text', ' ', '\n', 'a < b', '<1', '< p', '<', '>', '&amp;', '&amp', '&lt', '&lt;', '&gt', '&copy;', '&copy', '&nbsp;', '&notit;', '&notin', '&not', '&#65;', '&#65', '&#x41;', '&#x41', '&#x;', '&#;', '&#', '&#0;', '&#128;', '&#x110000;', '&#xD800;', '&', '&&', '&unknown;', '&ampx', '&amp=', '&AMP;', '&AElig', '&Aacute', '&#X41;', '"', "'", '=', '/', '-', '--', ']]>', '?', '!'];
const SOUP_MARKUP = ['<!-- c -->', '<!---->', '<!-->', '<!--->', '<!-- a --!>', '<!-- a ---->', '<!-- a -- b -->', '<!-- a --! -->', '<!-x>', '<!->', '<!>', '<!doctype html>', '<!DOCTYPE html PUBLIC "x">', '<!DOCTYPEx>', '<!doc>', '<!docx y>', '<![CDATA[ x < y ]]>', '<![CDATA[]]>', '<![CDAT x>', '<![cdata[ x ]]>', '<?php echo 1 ?>', '<?>', '</>', '</ x>', '</1>', '</br>', '</p>', '</image>', '</foreignobject>', '</P >', '</div x="y">', '</script>', '</SCRIPT >', '</scriptx>', '<</script>', '</title&amp;>', '</tit&amp;le>', '<&amp;', '</&amp;', '</style/>', '</textarea>'];
const SOUP_ATTRIBUTES = ['class', 'id', 'href', 'data-x', 'CLASS', 'Id', '=x', '__proto__', 'constructor', 'toString', 'a:b', 'x"y', "x'y", 'checked'];
const SOUP_VALUES = ['v', 'a b', '', '&amp;', '&amp', '&ampx', '&amp=', '&lt;x', '&#65', '&copy=1', '&notit;', '/x/', 'a>b', '"', "'", '&'];

function soupAttribute(next: () => number, pick: <T>(list: readonly T[]) => T): string {
  const name = pick(SOUP_ATTRIBUTES);
  const value = pick(SOUP_VALUES);
  const space = pick([' ', '  ', '\n', '\t', '/', ' / ', '']);
  switch (Math.floor(next() * 6)) {
    case 0:
      return `${space}${name}`;
    case 1:
      return `${space}${name}=${value.replace(/[\s>]/g, '')}`;
    case 2:
      return `${space}${name}='${value.replace(/'/g, '')}'`;
    case 3:
      return `${space}${name} = "${value.replace(/"/g, '')}"`;
    default:
      return `${space}${name}="${value.replace(/"/g, '')}"`;
  }
}

/** Random tag soup: unclosed and stray tags, entities, odd attributes, comments, raw text, svg; sometimes cut short. */
function soup(seed: number): string {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const casing = (name: string): string => (next() < 0.15 ? name.toUpperCase() : name);
  let html = '';
  const parts = 5 + Math.floor(next() * 40);
  for (let i = 0; i < parts; i++) {
    const roll = next();
    if (roll < 0.3) html += pick(SOUP_TEXT);
    else if (roll < 0.6) {
      let tag = `<${casing(pick(SOUP_TAGS))}`;
      const attributes = Math.floor(next() * 4);
      for (let k = 0; k < attributes; k++) tag += soupAttribute(next, pick);
      tag += pick(['>', '>', '>', '/>', ' />', '/ >', ' >']);
      html += tag;
    } else if (roll < 0.8) html += `</${casing(pick(SOUP_TAGS))}${pick(['>', '>', ' >', ' x>', '/>'])}`;
    else html += pick(SOUP_MARKUP);
  }
  // Cut short now and then: what is left open at the end of the input is a case of its own.
  return next() < 0.3 ? html.slice(0, Math.floor(next() * html.length)) : html;
}

/** Random characters from the ones markup is made of: reaches tokenizer states whole tags rarely do. */
function characters(seed: number): string {
  const next = random(seed);
  const alphabet = '<<<<>>>//!!--&&;;=="\' \n\tabcdpsrtiyleCDAT[]?#x0';
  const words = ['script', 'style', 'title', 'textarea', 'svg', 'p', 'br', 'doctype', 'CDATA[', 'amp', 'lt', 'plaintext', 'form', 'math', 'image'];
  let html = '';
  const length = Math.floor(next() * 120);
  while (html.length < length) html += next() < 0.2 ? words[Math.floor(next() * words.length)] : alphabet[Math.floor(next() * alphabet.length)];
  return html;
}

// Markup a parser must repair or read with care: implied ends, stray closing tags, entities,
// raw text elements, comments split by the tokenizer, a doctype, CDATA in HTML, void elements.
const TRICKY = `<!DOCTYPE html><html lang=en><head><title>A &amp; B</title><meta name="docsearch:version" content="2.0">
<style>p > a { color: red }</style><script>if (a < b && c) { document.write("</p>") }</script></head>
<body data-x><nav><ul><li>One<li>Two</ul></nav><main><article><h1 id=t>Title <a class="hash-link" href="#t">#</a></h1>
<p>First<p>Second &lt;code&gt; &copy;&nbsp;2024 &#x1F600; &unknown; text</div></span>
<!-- a comment -- with dashes --><![CDATA[ not cdata in html ]]><?php echo 1 ?>
<table><tr><td>a<td>b<tr><th>c</table><dl><dt>term<dd>definition</dl>
<pre><code>const x = 1;</code></pre><br><img src=x alt="y"><input disabled><p>unclosed <b>bold <i>both</b> italic</i>
<template><p>inside</p></template><svg><path d="M0"/><text>svg text</text></svg><select><option>1<option>2</select>
</article></main><footer>Foot</footer></body></html><p>after the end`;

describe('parseHtml', () => {
  it('builds the tree htmlparser2 and domhandler build, node for node', () => {
    expect(shape(parseHtml(TRICKY))).toEqual(shape(parseDocument(TRICKY, { decodeEntities: true })));
  });

  it('builds the same tree for every page of the fixture site', () => {
    const dir = new URL('./__fixtures__/site/', import.meta.url);
    const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      const html = readFileSync(new URL(page, dir), 'utf8');
      expect(shape(parseHtml(html)), page).toEqual(shape(parseDocument(html, { decodeEntities: true })));
    }
  });

  // Generous timeouts: thousands of documents parsed twice, on a machine that may be busy.
  it('builds the same tree for random tag soup', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const html = soup(seed);
      const difference = firstDifference(html);
      if (difference) expect.fail(`soup seed ${seed}: ${JSON.stringify(html)}\n${difference}`);
    }
  });

  it('builds the same tree for random runs of markup characters', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const html = characters(seed);
      const difference = firstDifference(html);
      if (difference) expect.fail(`characters seed ${seed}: ${JSON.stringify(html)}\n${difference}`);
    }
  });

  it('is read by css-select as a domhandler tree is, combinators and :has() included', () => {
    const ours = parseHtml(TRICKY) as unknown as AnyNode;
    const theirs = parseDocument(TRICKY, { decodeEntities: true });
    for (const selector of ['main article', 'li + li', 'dt ~ dd', 'td:first-child', 'p:has(b)', 'h1 > [href]', ':root', 'p:empty', 'body[data-x] p:nth-of-type(2)']) {
      const names = (root: AnyNode): string[] => selectAll<AnyNode, Element>(selector, root).map((element) => `${element.name}:${JSON.stringify(element.attribs)}`);
      expect(names(ours), selector).toEqual(names(theirs));
    }
  });
});

describe('parseHtml on the rendered bench corpora', () => {
  let scratch: string;
  const sites: string[] = [];
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'sitesearch-parse-html-'));
    for (const name of ['vite', 'vitest']) {
      await renderCorpusSite(join(findCorpus(), name), join(scratch, name), name);
      sites.push(join(scratch, name));
    }
  }, 60_000);
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('builds the same tree for every page of the Vite and Vitest docs', { timeout: 60_000 }, () => {
    let pages = 0;
    for (const site of sites) {
      for (const page of readdirSync(site, { recursive: true, encoding: 'utf8' })) {
        if (!page.endsWith('.html')) continue;
        const html = readFileSync(join(site, page), 'utf8');
        const difference = firstDifference(html);
        if (difference) expect.fail(`${site}/${page}\n${difference}`);
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(250);
  });
});
