import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { createElement } from 'preact/compat';
import type { ToolPart } from '../../core/chat/types.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { aggregatedTextOf, toolLinesOf } from './toolLines.js';
import { ToolCalls } from './ToolCalls.js';
import '../templates.js'; // template support, as the modal and the Sidepanel load it (templateSupport.ts)
import { click, mount, translations, unmountAll } from './testing.js';

afterEach(unmountAll);

const search = (id: string, state: ToolPart['state'], query?: string): ToolPart => ({
  type: 'tool-searchIndex',
  toolCallId: id,
  state,
  input: query === undefined || state === 'input-streaming' ? undefined : { query },
  output: state === 'output-available' ? { query, hits: [] } : undefined,
});
const agentSearch = (id: string, query: string): ToolPart => ({
  type: 'tool-algolia_search_index',
  toolCallId: id,
  state: 'output-available',
  input: { index: 'docs', query },
  output: { hits: [], nbHits: 3 },
});

const withAskAi = (askAiScreen: Partial<SiteSearchTranslations['modal']['askAiScreen']>): SiteSearchTranslations => ({
  ...translations,
  modal: { ...translations.modal, askAiScreen: { ...translations.modal.askAiScreen, ...askAiScreen } },
});

describe('toolLinesOf', () => {
  it('collapses consecutive finished searches of both backends and keeps other tools apart', () => {
    expect(
      toolLinesOf([
        search('1', 'output-available', 'install'),
        agentSearch('2', 'astro'),
        { type: 'tool-fetchPage', toolCallId: '3', state: 'output-available' },
        search('4', 'output-available', 'react'),
        search('5', 'input-available', 'vue'),
        search('6', 'input-streaming'),
      ]),
    ).toEqual([
      { kind: 'searched', queries: ['install', 'astro'] },
      { kind: 'tool', name: 'fetchPage', done: true },
      { kind: 'searched', queries: ['react'] },
      { kind: 'searching', query: 'vue' },
      { kind: 'searching', query: undefined },
    ]);
  });
});

describe('aggregatedTextOf', () => {
  it('joins with the page language’s list words', () => {
    expect(aggregatedTextOf(['a', 'b', 'c'], 'Searched for', undefined, 'en')).toEqual({ before: 'Searched for ', joiners: [', ', ', and '], after: '' });
    expect(aggregatedTextOf(['a', 'b'], 'Recherché', undefined, 'fr')).toEqual({ before: 'Recherché ', joiners: [' et '], after: '' });
    expect(aggregatedTextOf(['a'], 'Searched for', undefined, 'en').joiners).toEqual([]);
  });

  it('takes any part from aggregatedToolCallText', () => {
    const text = aggregatedTextOf(['a', 'b', 'c'], 'Searched for', (queries) => ({ before: `${queries.length} searches: `, lastSeparator: ' & ' }), 'en');
    expect(text).toEqual({ before: '3 searches: ', joiners: [', ', ' & '], after: '' });
  });
});

describe('ToolCalls', () => {
  it('shows the pending, running and finished texts, each query a search button', () => {
    const onSearchQuery = vi.fn();
    const root = mount(
      <ToolCalls
        parts={[search('1', 'output-available', 'install'), search('2', 'output-available', 'config'), search('3', 'input-available', 'themes'), search('4', 'input-streaming')]}
        translations={translations}
        onSearchQuery={onSearchQuery}
      />,
    );
    const lines = [...root.querySelectorAll('li')].map((line) => line.textContent);
    expect(lines[0]).toMatch(/^Searched for install(, | and |, and )config$/);
    expect(lines.slice(1)).toEqual(['Searching for themes', 'Searching...']);
    click([...root.querySelectorAll('button')].find((button) => button.textContent === 'config'));
    expect(onSearchQuery).toHaveBeenCalledWith('config');
    expect(root.textContent).not.toMatch(/found|results/i);
  });

  it('uses the translations, and aggregatedToolCallNode over the default line', () => {
    const onSearchQuery = vi.fn();
    const texts = withAskAi({
      afterToolCallText: 'Gesucht nach',
      aggregatedToolCallNode: (queries, run) => createElement('button', { className: 'mine', onClick: () => run(queries[0]!) }, `${queries.length} Suchen`),
    });
    const root = mount(<ToolCalls parts={[search('1', 'output-available', 'a'), search('2', 'output-available', 'b')]} translations={texts} onSearchQuery={onSearchQuery} />);
    expect(root.textContent).toBe('2 Suchen');
    click(root.querySelector('.mine'));
    expect(onSearchQuery).toHaveBeenCalledWith('a');

    unmountAll();
    const plain = mount(<ToolCalls parts={[search('1', 'output-available', 'a')]} translations={withAskAi({ afterToolCallText: 'Gesucht nach' })} />);
    expect(plain.textContent).toBe('Gesucht nach a');
    expect(plain.querySelector('button')).toBeNull();
  });

  it('renders other tools by name', () => {
    const root = mount(<ToolCalls parts={[{ type: 'tool-fetchPage', toolCallId: '1', state: 'input-available' }]} translations={translations} />);
    expect(root.querySelector('code')?.textContent).toBe('fetchPage');
    expect(root.querySelector('.sitesearch-chat-spinner')).not.toBeNull();
  });
});
