import { describe, expect, it } from 'vitest';
import { TermMap } from './term-map.js';

/** Levenshtein distance, the plain way: what `fuzzy` must find, term by term. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

// Words of a docs index, with the neighbours a typo search must tell apart (and an accent, a digit).
const TERMS = [
  'config', 'configs', 'configure', 'configured', 'configuration', 'conflict', 'confirm', 'content', 'context', 'contexts',
  'server', 'servers', 'serve', 'served', 'service', 'set', 'setup', 'setting', 'settings', 'sever', 'severe',
  'port', 'ports', 'portal', 'post', 'posts', 'plugin', 'plugins', 'plug', 'v2', 'vite', 'vitest', 'vitepress',
  'a', 'an', 'and', 'café', 'cafe', 'environment', 'env', 'envs', 'zzz',
];

describe('TermMap', () => {
  const map = new TermMap(TERMS.map((term, i) => [term, i] as const));

  it('gets a term and says whether it has it', () => {
    expect(map.get('configure')).toBe(TERMS.indexOf('configure'));
    expect(map.has('configure')).toBe(true);
    expect(map.has('configur')).toBe(false);
    expect(map.get('missing')).toBeUndefined();
  });

  it('lists the terms starting with a prefix, the prefix included, in order', () => {
    expect([...map.withPrefix('config')]).toEqual(['config', 'configs', 'configuration', 'configure', 'configured']);
    expect([...map.withPrefix('serve')]).toEqual(['serve', 'served', 'server', 'servers']);
    expect([...map.withPrefix('zzzz')]).toEqual([]);
    expect([...map.withPrefix('')]).toHaveLength(TERMS.length);
  });

  it('finds exactly the terms within 1 or 2 edits of a word, with their distance', () => {
    for (const word of ['configur', 'sever', 'srever', 'prot', 'plugn', 'vitset', 'cafe', 'enviroment', 'x', '', 'settigns', 'a']) {
      for (const max of [0, 1, 2]) {
        const expected = new Map(TERMS.filter((term) => distance(term, word) <= max).map((term) => [term, distance(term, word)]));
        expect(Object.fromEntries(map.fuzzy(word, max)), `${word} within ${max}`).toEqual(Object.fromEntries(expected));
      }
    }
  });

  it('takes its entries in any order', () => {
    const shuffled = new TermMap([...TERMS].reverse().map((term) => [term, term.length] as const));
    expect([...shuffled.withPrefix('port')]).toEqual(['port', 'portal', 'ports']);
    expect(Object.fromEntries(shuffled.fuzzy('portt', 1))).toEqual({ port: 1, ports: 1 });
  });
});
