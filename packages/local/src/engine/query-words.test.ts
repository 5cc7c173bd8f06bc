import { describe, expect, it } from 'vitest';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { buildIndex } from './build.js';
import { SearchEngine } from './engine.js';
import { memorySource } from './memory-source.js';
import { informativeness, informativeWords } from './query-words.js';

const STOP = new Set(['how', 'do', 'i', 'the', 'a', 'of', 'to', 'in', 'is', 'it', 'my', 'when', 'that', 'and', 'what', 'with', 'for']);
const weak = (word: string): boolean => STOP.has(word);

describe('informativeness', () => {
  it('weighs stop words least, long words and words with digits more', () => {
    expect(informativeness('the', true)).toBe(0);
    expect(informativeness('port', false)).toBeLessThan(informativeness('intellisense', false));
    expect(informativeness('ts2582', false)).toBeGreaterThan(informativeness('tsxxxx', false));
    // A two-character Chinese word says as much as a six-letter English one.
    expect(informativeness('索引', false)).toBe(informativeness('search', false));
  });
});

describe('informativeWords', () => {
  it('keeps every word of a query within the limit, in order', () => {
    expect(informativeWords(['how', 'do', 'i', 'proxy'], 10, weak)).toEqual([0, 1, 2, 3]);
  });

  it('drops the question frame and repeated words of a long query first, and keeps the specific word at its end', () => {
    const words = 'how do i make it so that the dev server of my app uses a proxy'.split(' ');
    expect(informativeWords(words, 6, weak).map((i) => words[i])).toEqual(['make', 'server', 'app', 'uses', 'proxy', 'dev'].sort((a, b) => words.indexOf(a) - words.indexOf(b)));
    const repeated = informativeWords(['at', 'node', 'at', 'node', 'at', 'node', 'defineconfig'], 3, (word) => word === 'at');
    expect(repeated.length).toBe(3);
    expect(repeated).toContain(6);
  });

  it('returns positions in query order, ties going to the earlier word', () => {
    expect(informativeWords(['aaaa', 'bbbb', 'cccc', 'dddd'], 2, weak)).toEqual([0, 1]);
  });
});

describe('a long question in the engine', () => {
  const engine = new SearchEngine(memorySource(buildIndex(SAMPLE_RECORDS)));
  const top = async (query: string): Promise<string | undefined> => (await engine.search({ query })).hits[0]?.url;

  it('keeps the word that matters when it comes after the tenth word', async () => {
    const question = 'how do i make it so that when it is already in use it will';
    // The tenth word and beyond used to be dropped: "strictPort" decided nothing.
    expect(await top(`${question} exit instead strictPort`)).toBe('/config/server-options#server-strictport');
    expect(await top(`${question} configure proxy rules`)).toBe('/config/server-options#server-proxy');
  });
});
