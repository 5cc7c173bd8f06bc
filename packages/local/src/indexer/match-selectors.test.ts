import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCorpus, renderCorpusSite } from '../../bench/render-corpus.js';
import { compileWithCssSelect, lastCompound, parseCompounds, SelectorTable } from './match-selectors.js';
import { parseHtml, type HtmlElement } from './parse-html.js';
import { DEFAULT_SELECTORS } from './selectors.js';

function htmlFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Markup made to hit the corners: case, odd whitespace in class lists, spaces in values, prototype names. */
const TRICKY = `<!doctype html><html lang="EN"><body>
  <div class="  a   b\tc\u00a0d  " data-x="a b" id="App">
    <p class="A" data-x="A B" title="a, p, b">one</p>
    <p class="a-b" lang="en-US" rel="NoFollow noopener">two</p>
    <input type="BUTTON" name="q" value="x"><input type="button" data-empty="">
    <span class="b\u2003c" data-x="a b " constructor="yes">three</span>
    <section class="VPDoc vpdoc" role="Navigation"><h2 id="Further">h</h2></section>
    <svg viewBox="0 0 1 1"><path d="M0"/></svg>
    <a name="top" class="header-anchor">#</a>
  </div>
</body></html>`;

const TRICKY_SELECTORS = [
  '*', '*.a', '.a', '.b', '.c', '.d', '.A', '.a-b', '.a.b', 'div.a.b.c', '.VPDoc', '.vpdoc',
  'DIV', 'P', 'P.A', 'Section.VPDoc', 'SVG', 'path',
  '#App', '#app', 'div#App.a', '[id]', '[ID]', '[id=App]', '[id="app" i]',
  '[data-x]', '[data-x="a b"]', "[data-x='a b']", '[data-x="A B"]', '[data-x="a b" i]', '[data-x="A B" s]', '[ data-x = "a b" ]', '[data-x=a]',
  '[data-empty]', '[data-empty=""]',
  '[lang=en]', '[lang=EN]', '[lang="en" s]', '[lang=en-us]', '[type=button]', '[TYPE=BUTTON]', '[type="Button" i]', '[type="Button" S]',
  '[role=navigation]', '[role="Navigation"]', '[class~=a]', '[class~="a b"]', '[class~=A]', '[rel~=nofollow]', '[rel~=noopener]',
  '[title="a, p, b"]', '[constructor]', '[constructor=yes]', '[__proto__]', 'p, li', ' p , li ', 'p,li,[data-x]',
  ':not(p)', 'div > p', 'main article', 'div p.A', 'h2 + p', 'p ~ input', '[class^=V]', '[class$=doc]', '[class*=Doc]', '[lang|=en]',
  'p:first-child', 'section:has(h2)', 'div  >  p.A', 'div p:not(.A)', '[data-x="a > b"] p', 'div [data-x]', 'section h2#Further',
  'html body div > p + p', 'div > .b', '> p', 'div:has(> p) > span.b', '.header-anchor', 'a[name]', '[id], a[name]', 'p.\\41', '.a\\ b', '[data-x=a\\ b]',
];

const fixtureDirectory = fileURLToPath(new URL('./__fixtures__/site', import.meta.url));
/**
 * Every element of the fixture site's pages, of every 15th page of the Vite and Vitest docs
 * (rendered here from the corpus, as the bench renders them: a clean checkout has no bench
 * output), and of the tricky page.
 */
let elements: HtmlElement[] = [];
let scratch: string | undefined;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-match-selectors-'));
  const rendered: string[] = [];
  for (const name of ['vite', 'vitest']) {
    await renderCorpusSite(join(findCorpus(), name), join(scratch, name), name);
    rendered.push(...htmlFiles(join(scratch, name)).filter((_, i) => i % 15 === 0));
  }
  const pages = [...htmlFiles(fixtureDirectory), ...rendered].map((file) => readFileSync(file, 'utf8'));
  elements = [...pages, TRICKY].flatMap((html) => parseHtml(html).elements);
}, 60_000);
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const allDefaultSelectors = Object.values(DEFAULT_SELECTORS).flat();

function expectAgreement(selectors: string[]): void {
  const table = new SelectorTable([{ selectors, label: 0, onInvalid: (reason) => new Error(reason) }]);
  const reference = compileWithCssSelect(selectors.join(', '));
  let matched = 0;
  for (const element of elements) {
    const expected = reference(element);
    if (table.matches(element) !== expected) {
      throw new Error(`${JSON.stringify(selectors)} on <${element.name} ${JSON.stringify(element.attribs)}>: css-select says ${expected}`);
    }
    if (expected) matched++;
  }
  return void matched;
}

describe('SelectorTable agrees with css-select', () => {
  it('has real pages to check against', () => {
    expect(elements.length).toBeGreaterThan(500);
  });

  it('on every default selector, alone and as the lists the indexer uses', () => {
    for (const selector of allDefaultSelectors) expectAgreement([selector]);
    for (const list of [DEFAULT_SELECTORS.ignore, DEFAULT_SELECTORS.text, DEFAULT_SELECTORS.content, DEFAULT_SELECTORS.lvl0]) expectAgreement(list);
  });

  it('on tricky user selectors: case, class lists, quoted values, flags, `*`, combinators and pseudo-classes', () => {
    for (const selector of TRICKY_SELECTORS) expectAgreement([selector]);
    expectAgreement(TRICKY_SELECTORS);
  });

  it('matches what it should on the tricky page (so that agreement is not agreement on nothing)', () => {
    const tricky = parseHtml(TRICKY).elements;
    const count = (selector: string): number => {
      const table = new SelectorTable([{ selectors: [selector], label: 0, onInvalid: (reason) => new Error(reason) }]);
      return tricky.filter((element) => table.matches(element)).length;
    };
    // css-select splits class lists at `\s`, which takes in U+00A0 and U+2003: `c\u00a0d` and `b\u2003c` are two words each.
    expect(count('.d')).toBe(1);
    expect(count('.c')).toBe(2);
    expect(count('.a.b')).toBe(1);
    expect(count('[data-x="a b"]')).toBe(1);
    expect(count('[data-x="a b" i]')).toBe(2);
    expect(count('[type=button]')).toBe(2); // `type` compares case-insensitively in HTML
    expect(count('[role="navigation"]')).toBe(0); // `role` does not
    expect(count('DIV')).toBe(1);
    expect(count('*')).toBe(tricky.length);
    expect(count('[constructor]')).toBe(1);
  });

  it('answers the smallest label among several groups, as checking each group in turn would', () => {
    const groups = [
      { selectors: DEFAULT_SELECTORS.ignore, label: 0 },
      { selectors: DEFAULT_SELECTORS.text, label: 6 },
      ...DEFAULT_SELECTORS.headings.map((selector, i) => ({ selectors: [selector], label: 1 + i })),
      { selectors: ['section:has(h2)', '.a'], label: 3 },
      { selectors: ['*'], label: 9 },
    ];
    const table = new SelectorTable(groups.map((group) => ({ ...group, onInvalid: (reason: string) => new Error(reason) })));
    const references = groups.map((group) => ({ label: group.label, match: compileWithCssSelect(group.selectors.join(', ')) })).sort((a, b) => a.label - b.label);
    for (const element of elements) {
      const expected = references.find((reference) => reference.match(element))?.label ?? -1;
      expect(table.match(element)).toBe(expected);
    }
  });

  it('reads a list whose parts only make sense joined as css-select does', () => {
    // Joined, these are one attribute selector: `[title="a, p, b"]`.
    expectAgreement(['[title="a', 'p', 'b"]']);
    expectAgreement(['p', 'li:not(.x', 'p)']);
  });

  it('rejects what css-select rejects, through the group', () => {
    const group = (selectors: string[]) => () =>
      new SelectorTable([{ selectors, label: 0, onInvalid: (reason) => new Error(`bad: ${reason}`) }]);
    expect(group(['p[[[', 'li'])).toThrow(/^bad: /);
    expect(group(['p', ''])).toThrow(/^bad: /);
    expect(group(['p::before'])).toThrow(/^bad: /);
  });
});

describe('parseCompounds', () => {
  it('reads the default ignore, text and heading selectors (the ones checked on every element) without css-select', () => {
    for (const selector of [...DEFAULT_SELECTORS.ignore, ...DEFAULT_SELECTORS.text, ...DEFAULT_SELECTORS.headings]) {
      expect(parseCompounds(selector), selector).not.toBeNull();
    }
  });

  it('leaves combinators, pseudo-classes, escapes, namespaces, comments and odd attribute operators to css-select', () => {
    for (const selector of ['div > p', 'main article', 'a + b', 'a ~ b', ':not(p)', 'p:first-child', '.a\\ b', 'svg|a', '[xlink|href]', 'p/* c */', '[class^=a]', '[a|=b]', '[rel~=x]', '[class~="a b"]', '[constructor]', 'p::before', '.é']) {
      expect(parseCompounds(selector), selector).toBeNull();
    }
  });
});

describe('lastCompound', () => {
  it('finds the compound a complex selector ends with, outside brackets, parentheses and quotes', () => {
    const last = (selector: string) => {
      const compound = lastCompound(selector);
      return compound && { tag: compound.tag, names: compound.tests.map((test) => `${test.name}=${test.value}`) };
    };
    expect(last('main article')).toEqual({ tag: 'article', names: [] });
    expect(last('nav.sidebar details:has(a[aria-current="page"]) > summary .group-label')).toEqual({ tag: null, names: ['class=group-label'] });
    expect(last('nav.sidebar details:has(a[aria-current="page"]) > summary')).toEqual({ tag: 'summary', names: [] });
    expect(last('[data-x="a > b"]  >  P.x')).toEqual({ tag: 'p', names: ['class=x'] });
    expect(last('a:has(> b)')).toBeNull();
    expect(last('a p:first-child')).toBeNull();
    expect(last('a, b c')).toBeNull();
    expect(last('a >')).toBeNull();
    expect(last('a .b\\ c')).toBeNull();
  });
});
