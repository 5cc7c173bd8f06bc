/** A small site in English, Chinese and Japanese, with each record's language, for analysis tests. */
import { buildIndex, type BuildIndexOptions } from '../engine/build.js';
import type { BuiltIndex } from '../engine/format.js';
import type { DocRecord } from '../records.js';
import { pageRecords } from './records.js';

const PAGES: { language: string; records: DocRecord[] }[] = [
  {
    language: 'en',
    records: pageRecords({
      lvl0: 'Guide',
      path: '/guide/configuring',
      title: 'Configuring Vite',
      sections: [
        { level: 2, heading: 'Configuration files', anchor: 'files', paragraphs: ['Vite reads vite.config.ts when it starts. Use defineConfig for types.'] },
        { level: 2, heading: 'Snapshots', anchor: 'snapshots', paragraphs: ['Snapshots are compared on every run; update a snapshot with -u.'] },
      ],
    }),
  },
  {
    language: 'en',
    records: pageRecords({
      lvl0: 'API',
      path: '/api/mocking',
      title: 'Mocking',
      sections: [
        { level: 2, heading: 'vi.mocked', anchor: 'vi-mocked', paragraphs: ['Use vi.mocked for types; vi.mock mocks a module and vi.fn creates a spy.'] },
        { level: 2, heading: 'toHaveBeenCalledWith', anchor: 'called-with', paragraphs: ['expect(spy).toHaveBeenCalledWith(1) checks the arguments it was called with.'] },
        { level: 2, heading: 'The configure hook', anchor: 'configure', paragraphs: ['The configure hook runs once before the tests.'] },
      ],
    }),
  },
  {
    language: 'zh',
    records: pageRecords({
      lvl0: '指南',
      path: '/zh/guide/',
      title: '快速开始',
      sections: [
        { level: 2, heading: '配置', anchor: 'config', paragraphs: ['你可以使用快捷键来创建索引文件。', '运行 vite 命令时会读取配置文件，vi.fn 可以用来模拟函数。'] },
      ],
    }),
  },
  {
    language: 'ja',
    records: pageRecords({
      lvl0: 'ガイド',
      path: '/ja/guide/',
      title: 'はじめに',
      sections: [
        { level: 2, heading: 'インストール', anchor: 'install', paragraphs: ['パッケージをインストールするには、次のコマンドを実行します。', 'vite は設定ファイルを自動的に読み込みます。'] },
        { level: 2, heading: 'バグの報告', anchor: 'bugs', paragraphs: ['ハッカーの方はこちら。'] },
      ],
    }),
  },
];

export const MULTILINGUAL_RECORDS: DocRecord[] = PAGES.flatMap((page) => page.records);

/** The index of `MULTILINGUAL_RECORDS`, each record added with its page's language. */
export function buildMultilingualIndex(options: BuildIndexOptions = {}): BuiltIndex {
  return buildIndex(MULTILINGUAL_RECORDS, options, PAGES.flatMap((page) => page.records.map(() => page.language)));
}
