import { describe, expect, it } from 'vitest';
import { buildMultilingualIndex } from '../../test-support/multilingual.js';
import { SAMPLE_RECORDS } from '../../test-support/records.js';
import { buildIndex } from '../build.js';
import { SearchEngine } from '../engine.js';
import { getAttribute } from '../format.js';
import { memorySource } from '../memory-source.js';

const engine = new SearchEngine(memorySource(buildMultilingualIndex()));
const search = (query: string, extra: Record<string, unknown> = {}) => engine.search({ query, distinct: false, ...extra });
const urls = async (query: string): Promise<string[]> => (await search(query)).hits.map((hit) => hit.url);
const highlighted = (hit: unknown, path: string): string => getAttribute(hit as Record<string, unknown>, `_highlightResult.${path}.value`) as string;

describe('the index records its languages', () => {
  it('most records first', () => {
    expect(buildMultilingualIndex().manifest.languages).toEqual(['en', 'ja', 'zh']);
    expect(buildIndex(SAMPLE_RECORDS).manifest.languages).toEqual([]);
    expect(buildIndex(SAMPLE_RECORDS, { language: 'fr-FR' }).manifest.languages).toEqual(['fr']);
  });

  it('says whether it holds words segmented out of text without spaces (the browser then loads the segmenter)', () => {
    expect(buildMultilingualIndex().manifest.segmented).toBe(true);
    expect(buildIndex(SAMPLE_RECORDS).manifest.segmented).toBeUndefined();
  });
});

describe('Chinese and Japanese words inside sentences', () => {
  it('finds a word from the middle of a sentence and highlights exactly it', async () => {
    const [hit] = (await search('索引')).hits;
    expect(hit).toMatchObject({ url: '/zh/guide/#config', content: '你可以使用快捷键来创建索引文件。' });
    expect(highlighted(hit, 'content')).toBe('你可以使用快捷键来创建<em>索引</em>文件。');
    expect((await search('快捷键')).hits.map((one) => one.content)).toEqual(['你可以使用快捷键来创建索引文件。']);
  });

  it('finds a katakana word inside a sentence, with its heading', async () => {
    const hits = (await search('インストール')).hits;
    expect(hits[0]).toMatchObject({ type: 'lvl2', url: '/ja/guide/#install' });
    const sentence = hits.find((hit) => hit.type === 'content' && hit.content!.startsWith('パッケージ'))!;
    expect(highlighted(sentence, 'content')).toBe('パッケージを<em>インストール</em>するには、次のコマンドを実行します。');
  });

  it('answers queries mixing scripts', async () => {
    expect(await urls('vite 設定')).toEqual(['/ja/guide/#install']);
    const [hit] = (await search('vi.fn 模拟')).hits;
    expect(hit).toMatchObject({ url: '/zh/guide/#config' });
    expect(highlighted(hit, 'content')).toBe('运行 vite 命令时会读取配置文件，<em>vi</em>.<em>fn</em> 可以用来<em>模拟</em>函数。');
  });

  it('keeps voiced kana apart: バグ is not ハク…, and snippets mark the segmented word', async () => {
    expect(new Set(await urls('バグ'))).toEqual(new Set(['/ja/guide/#bugs']));
    expect(await urls('ハク ')).toEqual([]);
    const [hit] = (await search('実行', { attributesToSnippet: ['content:3'] })).hits;
    expect(getAttribute(hit as Record<string, unknown>, '_snippetResult.content.value')).toContain('<em>実行</em>');
  });
});

describe('stemming at query time', () => {
  it('finds the other forms of a word, the word itself first', async () => {
    const hits = (await search('configuring')).hits.map((hit) => hit.url);
    expect(hits[0]).toBe('/guide/configuring');
    expect(hits).toEqual(expect.arrayContaining(['/guide/configuring#files', '/api/mocking#configure']));
  });

  it('ranks an exact match above a stemmed one of the same kind of record', async () => {
    const hits = (await search('configure ', { restrictSearchableAttributes: ['hierarchy.lvl2'] })).hits.map((hit) => hit.url);
    // "The configure hook" (exact) above "Configuration files" (stem), both lvl2 headings.
    expect(hits.indexOf('/api/mocking#configure')).toBeLessThan(hits.indexOf('/guide/configuring#files'));
    expect(hits.indexOf('/guide/configuring#files')).toBeGreaterThanOrEqual(0);
  });

  it('treats a plural like its singular, the form typed first', async () => {
    const plural = (await search('snapshots ', { restrictSearchableAttributes: ['content'] })).hits;
    expect(plural.map((hit) => hit.url)).toEqual(['/guide/configuring#snapshots']);
    expect(highlighted(plural[0], 'content')).toBe('<em>Snapshots</em> are compared on every run; update a <em>snapshot</em> with -u.');
  });

  it('never stems API names: inner capitals, dots, digits', async () => {
    // "mocked" alone would stem to "mock" and mark "mock" and "mocks" too.
    const [hit] = (await search('vi.mocked ', { restrictSearchableAttributes: ['content'] })).hits;
    expect(highlighted(hit, 'content')).toBe('Use <em>vi</em>.<em>mocked</em> for types; <em>vi</em>.mock mocks a module and <em>vi</em>.fn creates a spy.');
    const called = (await search('toHaveBeenCalledWith ', { restrictSearchableAttributes: ['content'] })).hits;
    expect(highlighted(called[0], 'content')).toBe('expect(spy).<em>toHaveBeenCalledWith</em>(1) checks the arguments it was called with.');
    expect(await urls('defineConfig ')).toEqual(['/guide/configuring#files']);
  });

  it('does not stem an index without a language with a stemmer', async () => {
    const unstemmed = new SearchEngine(memorySource(buildIndex(SAMPLE_RECORDS)));
    const stemmed = new SearchEngine(memorySource(buildIndex(SAMPLE_RECORDS, { language: 'en' })));
    // "proxies" is three letters away from "proxy": no typo reaches it, only its stem `proxi`.
    const count = async (one: SearchEngine): Promise<number> => (await one.search({ query: 'proxies ', distinct: false })).nbHits;
    expect(await count(unstemmed)).toBe(0);
    expect(await count(stemmed)).toBeGreaterThan(0);
  });
});
