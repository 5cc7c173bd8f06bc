import { describe, expect, it } from 'vitest';
import type { DocHit } from '../core/records.js';
import { HIGHLIGHT_POST_TAG as POST, HIGHLIGHT_PRE_TAG as PRE, segmentsToText } from '../core/search/highlight.js';
import { getHitDisplay } from './hitDisplay.js';

const hit = (type: DocHit['type'], extra: Partial<DocHit> = {}): DocHit => ({
  objectID: 'x',
  url: '/config/#server-port',
  anchor: 'server-port',
  type,
  content: null,
  hierarchy: { lvl0: 'Config', lvl1: 'Server Options', lvl2: 'server.port', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  ...extra,
});
const text = (display: ReturnType<typeof getHitDisplay>) => [segmentsToText(display.title), segmentsToText(display.path), display.kind];

describe('getHitDisplay', () => {
  it('shows a page by its title', () => {
    expect(text(getHitDisplay(hit('lvl1')))).toEqual(['Server Options', '', 'page']);
  });

  it('shows a heading under the headings above it', () => {
    expect(text(getHitDisplay(hit('lvl2')))).toEqual(['server.port', 'Server Options', 'heading']);
  });

  it('shows a content block by its snippet under the full path', () => {
    const content = hit('content', {
      content: 'Specify the port.',
      _snippetResult: { content: { value: `Specify the ${PRE}port${POST}.`, matchLevel: 'full' } },
    });
    const display = getHitDisplay(content);
    expect(text(display)).toEqual(['Specify the port.', 'Server Options › server.port', 'content']);
    expect(display.title.find((segment) => segment.isHighlighted)?.value).toBe('port');
  });

  it('falls back to the URL for a page without a title', () => {
    expect(segmentsToText(getHitDisplay(hit('lvl1', { hierarchy: { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } })).title)).toBe('/config/#server-port');
  });
});
