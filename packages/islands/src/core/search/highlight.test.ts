import { describe, expect, it } from 'vitest';
import type { DocHit } from '../records.js';
import { toSafeUrl } from './safeUrl.js';
import { getHitSegments, HIGHLIGHT_POST_TAG as POST, HIGHLIGHT_PRE_TAG as PRE, parseHighlightedValue, segmentsToText, withoutHighlights } from './highlight.js';

const hit = (extra: Partial<DocHit> = {}): DocHit => ({
  objectID: '1',
  url: '/guide/#env',
  anchor: 'env',
  type: 'lvl2',
  content: null,
  hierarchy: { lvl0: 'Guide', lvl1: 'Getting started', lvl2: 'Env vars', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  ...extra,
});

describe('parseHighlightedValue', () => {
  it('splits a value into plain and highlighted segments', () => {
    expect(parseHighlightedValue(`Use ${PRE}vite${POST} to ${PRE}build${POST}`)).toEqual([
      { value: 'Use ', isHighlighted: false },
      { value: 'vite', isHighlighted: true },
      { value: ' to ', isHighlighted: false },
      { value: 'build', isHighlighted: true },
    ]);
  });

  it('keeps markup in the text as text, decoding escaped entities', () => {
    const segments = parseHighlightedValue(`&lt;script&gt;alert(1)&lt;/script&gt; ${PRE}&lt;b&gt;${POST} &amp; <img src=x onerror=alert(1)>`);
    expect(segments).toEqual([
      { value: '<script>alert(1)</script> ', isHighlighted: false },
      { value: '<b>', isHighlighted: true },
      { value: ' & <img src=x onerror=alert(1)>', isHighlighted: false },
    ]);
  });

  it('treats unmatched tags as absent', () => {
    expect(parseHighlightedValue(`a ${PRE}b`)).toEqual([{ value: 'a b', isHighlighted: false }]);
    expect(parseHighlightedValue(`a${POST} b`)).toEqual([{ value: 'a b', isHighlighted: false }]);
  });

  it('supports custom tags and empty values', () => {
    expect(parseHighlightedValue('<em>x</em>y', '<em>', '</em>')).toEqual([
      { value: 'x', isHighlighted: true },
      { value: 'y', isHighlighted: false },
    ]);
    expect(parseHighlightedValue('')).toEqual([]);
  });
});

describe('getHitSegments', () => {
  it('prefers the snippet, then the highlight, then the raw value', () => {
    const withBoth = hit({
      content: 'raw',
      _snippetResult: { content: { value: `…${PRE}snip${POST}…`, matchLevel: 'full' } },
      _highlightResult: { content: { value: `${PRE}high${POST}`, matchLevel: 'full' } },
    });
    expect(segmentsToText(getHitSegments(withBoth, 'content'))).toBe('…snip…');
    expect(segmentsToText(getHitSegments(withBoth, 'content', 'highlight'))).toBe('high');
    expect(getHitSegments(hit({ content: 'raw' }), 'content')).toEqual([{ value: 'raw', isHighlighted: false }]);
  });

  it('reads nested hierarchy attributes', () => {
    const nested = hit({ _highlightResult: { hierarchy: { lvl1: { value: `Getting ${PRE}started${POST}`, matchLevel: 'partial' } } } });
    expect(getHitSegments(nested, 'hierarchy.lvl1', 'highlight')).toEqual([
      { value: 'Getting ', isHighlighted: false },
      { value: 'started', isHighlighted: true },
    ]);
    expect(segmentsToText(getHitSegments(nested, 'hierarchy.lvl2'))).toBe('Env vars');
    expect(getHitSegments(nested, 'hierarchy.lvl5')).toEqual([]);
  });
});

describe('withoutHighlights', () => {
  it('drops highlight and snippet data only', () => {
    const stored = withoutHighlights(hit({ _highlightResult: {}, _snippetResult: {} }));
    expect(stored).toEqual(hit());
    expect('_highlightResult' in stored).toBe(false);
  });
});

describe('toSafeUrl', () => {
  it.each([
    ['/guide/#env', '/guide/#env'],
    ['guide/', 'guide/'],
    ['#anchor', '#anchor'],
    ['https://vite.dev/guide/', 'https://vite.dev/guide/'],
    ['HTTP://example.com', 'HTTP://example.com'],
    ['//cdn.example.com/x', '//cdn.example.com/x'],
    ['javascript:alert(1)', undefined],
    [' JavaScript:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['vbscript:msgbox', undefined],
    ['', undefined],
    [42, undefined],
  ])('%j → %j', (input, expected) => {
    expect(toSafeUrl(input)).toBe(expected);
  });
});
