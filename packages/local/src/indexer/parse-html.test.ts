import { readdirSync, readFileSync } from 'node:fs';
import { selectAll } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
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

  it('is read by css-select as a domhandler tree is, combinators and :has() included', () => {
    const ours = parseHtml(TRICKY) as unknown as AnyNode;
    const theirs = parseDocument(TRICKY, { decodeEntities: true });
    for (const selector of ['main article', 'li + li', 'dt ~ dd', 'td:first-child', 'p:has(b)', 'h1 > [href]', ':root', 'p:empty', 'body[data-x] p:nth-of-type(2)']) {
      const names = (root: AnyNode): string[] => selectAll<AnyNode, Element>(selector, root).map((element) => `${element.name}:${JSON.stringify(element.attribs)}`);
      expect(names(ours), selector).toEqual(names(theirs));
    }
  });
});
