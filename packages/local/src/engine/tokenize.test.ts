import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/random.js';
import { SEGMENTED } from './analysis/scripts.js';
import { pieceSplitter } from './analysis/segment.js';
import { indexTerms, tokenizeWithOffsets, useWordSegmentation } from './tokenize.js';

useWordSegmentation(pieceSplitter(SEGMENTED));

describe('indexTerms', () => {
  // Its own scanner must give what the offsets tokenizer gives: the query side and the
  // highlighter read text with that one, and the index must hold the same terms.
  const slowTerms = (text: string): string[] => tokenizeWithOffsets(text, true).map((token) => token.term);

  it.each([
    'defineConfig and HTMLParser, vite.config.ts',
    'Résumé café naïve ÉCOLE straße İstanbul ﬁle Ǆemal ǅungla',
    '𝒜bc 日本語テキスト ١٢٣ abc٣',
    'lone x\ud800y and \udc00z surrogates',
    'e\u0301tude decomposed',
    '你可以使用快捷键来创建索引文件。Vite的配置 useState设置',
    'パッケージをインストールするには ｶﾞｲﾄﾞ ー々',
    'การติดตั้งโปรแกรม हिंदी كَتَبَ 한국어',
    'fooBAR123Baz useHTTP2Server v2Beta',
    '',
    '  -- ',
  ])('gives the terms of tokenizeWithOffsets for %j', (text) => {
    expect(indexTerms(text)).toEqual(slowTerms(text));
  });

  it('gives the same terms on random mixes of word and other characters', () => {
    const characters = [...'aZ9 _-éÉ.İßﬁ٣\u0301索引がパー ัต', '𝒜', '\ud800', '\udc00'];
    const random = seededRandom(7);
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: 10 }, () => characters[Math.floor(random() * characters.length)]).join('');
      expect(indexTerms(text), JSON.stringify(text)).toEqual(slowTerms(text));
    }
  });

  it('splits ASCII camel case as the expression does, capitals, digits and lower case mixed', () => {
    const characters = [...'aZY9b A-z0'];
    const random = seededRandom(3);
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 14 }, () => characters[Math.floor(random() * characters.length)]).join('');
      expect(indexTerms(text), JSON.stringify(text)).toEqual(slowTerms(text));
    }
  });
});
