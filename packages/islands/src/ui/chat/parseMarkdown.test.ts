import { describe, expect, it } from 'vitest';
import { linksOf } from './links.js';
import { parseInlines, parseMarkdown, plainTextOf } from './parseMarkdown.js';

describe('parseMarkdown blocks', () => {
  it('parses paragraphs, headings, rules and quotes', () => {
    expect(parseMarkdown('# Title\n\nOne\ntwo\n\n---\n> quoted\nlazy')).toEqual([
      { type: 'heading', level: 1, children: ['Title'] },
      { type: 'p', children: ['One\ntwo'] },
      { type: 'hr' },
      { type: 'quote', children: [{ type: 'p', children: ['quoted\nlazy'] }] },
    ]);
  });

  it('parses nested lists, forgiving two-space nesting under numbers', () => {
    expect(parseMarkdown('1. one\n  - a\n  - b\n2. two\n\n- x')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [[{ type: 'p', children: ['one'] }, { type: 'list', ordered: false, start: 1, items: [[{ type: 'p', children: ['a'] }], [{ type: 'p', children: ['b'] }]] }], [{ type: 'p', children: ['two'] }]],
      },
      { type: 'list', ordered: false, start: 1, items: [[{ type: 'p', children: ['x'] }]] },
    ]);
  });

  it('keeps a loose list together and starts ordered lists where they start', () => {
    const [list] = parseMarkdown('3. a\n\n4. b\n\n   more b\n');
    expect(list).toEqual({
      type: 'list',
      ordered: true,
      start: 3,
      items: [[{ type: 'p', children: ['a'] }], [{ type: 'p', children: ['b'] }, { type: 'p', children: ['more b'] }]],
    });
  });

  it('lets a list interrupt a paragraph (models write "Steps:" then the list)', () => {
    expect(parseMarkdown('Steps:\n- a').map((block) => block.type)).toEqual(['p', 'list']);
  });

  it('parses fenced code with its language, closed or still streaming', () => {
    expect(parseMarkdown('```ts\nconst a = 1;\n```\nafter')).toEqual([
      { type: 'code', lang: 'ts', text: 'const a = 1;', closed: true },
      { type: 'p', children: ['after'] },
    ]);
    expect(parseMarkdown('Intro\n```bash\nnpm i\n# not a heading')).toEqual([
      { type: 'p', children: ['Intro'] },
      { type: 'code', lang: 'bash', text: 'npm i\n# not a heading', closed: false },
    ]);
    expect(parseMarkdown('````md\n```\ninner\n```\n````')).toEqual([{ type: 'code', lang: 'md', text: '```\ninner\n```', closed: true }]);
    expect(parseMarkdown('```"><img>\nx\n```')[0]).toMatchObject({ lang: 'img' });
    // Tabs in code are kept (a Makefile recipe needs them); a tab-indented list still nests.
    expect(parseMarkdown('```make\nall:\n\tcc main.c\n```')[0]).toMatchObject({ text: 'all:\n\tcc main.c' });
    expect(parseMarkdown('- a\n\t- b')[0]).toMatchObject({ items: [[{ type: 'p' }, { type: 'list', items: [[{ type: 'p', children: ['b'] }]] }]] });
  });

  it('parses GFM tables with alignment and escaped pipes', () => {
    expect(parseMarkdown('| a | b |\n|:--|--:|\n| 1 | `x` \\| y |\n| 2 |')).toEqual([
      {
        type: 'table',
        align: ['left', 'right'],
        head: [['a'], ['b']],
        rows: [[['1'], [{ type: 'code', text: 'x' }, ' | y']], [['2']]],
      },
    ]);
    // Until the delimiter row arrives, a streamed header row is a paragraph.
    expect(parseMarkdown('| a | b |\n')[0]!.type).toBe('p');
  });
});

describe('parseInlines', () => {
  it('parses emphasis, strong, strikethrough and code', () => {
    expect(parseInlines('a *b* **c** ***d*** ~~e~~ `f*g*` _h_ __i__')).toEqual([
      'a ',
      { type: 'em', children: ['b'] },
      ' ',
      { type: 'strong', children: ['c'] },
      ' ',
      { type: 'strong', children: [{ type: 'em', children: ['d'] }] },
      ' ',
      { type: 'del', children: ['e'] },
      ' ',
      { type: 'code', text: 'f*g*' },
      ' ',
      { type: 'em', children: ['h'] },
      ' ',
      { type: 'strong', children: ['i'] },
    ]);
  });

  it('leaves unclosed or intraword delimiters as text', () => {
    expect(parseInlines('**bold so far')).toEqual(['**bold so far']);
    expect(parseInlines('snake_case_name and 2 * 3 * 4')).toEqual(['snake_case_name and 2 * 3 * 4']);
    expect(parseInlines('`open')).toEqual(['`open']);
    expect(parseInlines('\\*not em\\*')).toEqual(['*not em*']);
  });

  // Hostile answers: without memoising, budget and nesting limit these would never finish or
  // would overflow the stack.
  it('survives many unclosed or nested openers', { timeout: 10_000 }, () => {
    expect(parseInlines('*a _b **c ~~d e* '.repeat(300)).length).toBeGreaterThan(0);
    expect(parseInlines('**a *b '.repeat(3000)).length).toBeGreaterThan(0);
    expect(parseInlines('*a _b **c ~~d '.repeat(300))).toEqual(['*a _b **c ~~d '.repeat(300)]);
    expect(parseInlines('*a '.repeat(2000) + 'b*'.repeat(2000)).length).toBeGreaterThan(0);
  });

  it('parses links, autolinks and bare URLs, trimming sentence punctuation', () => {
    expect(parseInlines('[Guide](/guide/ "t") <https://a.io/x> see https://b.io/y_(z). ok')).toEqual([
      { type: 'link', href: '/guide/', children: ['Guide'] },
      ' ',
      { type: 'link', href: 'https://a.io/x', children: ['https://a.io/x'] },
      ' see ',
      { type: 'link', href: 'https://b.io/y_(z)', children: ['https://b.io/y_(z)'] },
      '. ok',
    ]);
    expect(parseInlines('(https://c.io/d)')).toEqual(['(', { type: 'link', href: 'https://c.io/d', children: ['https://c.io/d'] }, ')']);
  });

  it('turns unsafe links into their text and images into links', () => {
    expect(parseInlines('[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi) <javascript:alert(1)>')).toEqual([
      'x',
      ' ',
      'y',
      ' ',
      'z',
      ' <javascript:alert(1)>',
    ]);
    expect(parseInlines('![alt](https://x.io/p.png)')).toEqual([{ type: 'link', href: 'https://x.io/p.png', children: ['alt'] }]);
    expect(parseInlines('![alt](javascript:x)')).toEqual(['alt']);
  });

  it('keeps raw HTML as text', () => {
    expect(parseInlines('<img src=x onerror=alert(1)> <script>alert(1)</script>')).toEqual(['<img src=x onerror=alert(1)> <script>alert(1)</script>']);
  });

  it('decodes entities into text, not into markup, and leaves code alone', () => {
    expect(parseInlines('a &amp; b &lt;script&gt; &#39;q&#x27; &bogus; &#0; `&amp;`')).toEqual(["a & b <script> 'q' &bogus; &#0; ", { type: 'code', text: '&amp;' }]);
  });

  it('parses hard line breaks', () => {
    expect(parseInlines('a  \nb\\\nc')).toEqual(['a', { type: 'br' }, 'b', { type: 'br' }, 'c']);
  });
});

describe('linksOf', () => {
  it('lists safe links outside code, once each, with their titles', () => {
    const answer = [
      'See [Install](/install/) and [the API](https://x.io/api).',
      '- again [Install twice](/install/)',
      '`[not](/code-span/)`',
      '```md',
      '[not](/code-block/)',
      '```',
      '[bad](javascript:alert(1)) https://x.io/bare',
    ].join('\n');
    expect(linksOf(answer)).toEqual([
      { url: '/install/', title: 'Install' },
      { url: 'https://x.io/api', title: 'the API' },
      { url: 'https://x.io/bare', title: 'https://x.io/bare' },
    ]);
  });
});

describe('plainTextOf', () => {
  it('drops the markup', () => {
    expect(plainTextOf(parseMarkdown('# Hi\n\nSome **bold** [link](/a).\n\n- one\n- two'))).toBe('Hi\n\nSome bold link.\n\none\ntwo');
  });
});
