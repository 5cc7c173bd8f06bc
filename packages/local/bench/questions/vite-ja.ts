/**
 * Queries over the Japanese Vite docs (`shared/corpus/vite-ja`, the Rolldown-based release: its
 * pages say `build.rolldownOptions`, `/guide/migration` is "v7 からの移行").
 *
 * Three kinds, about a third each:
 * - `heading`: a heading's words, or part of them, as a user types them;
 * - `inline-word`: a word that occurs inside running text of the page (not in its headings), which
 *   a tokenizer that keeps a run of kana/kanji as one token cannot find;
 * - `question`: questions as people ask them in Japanese, API names in Latin script included.
 *   Where the phrasing was taken from a real post, `source` gives its URL (phrasing only).
 *
 * Every expected page was checked by reading it in the corpus (the word is in its body text, or
 * the page answers the question). Written without running any search engine over them.
 */
import type { EvalSet } from './types.js';

export const set: EvalSet = {
  name: 'vite-ja',
  corpus: 'vite-ja',
  questions: [
    // heading: the words of a heading, or part of them
    { question: '環境変数', pages: ['/guide/env-and-mode', '/config/'], kind: 'heading' },
    { question: '事前バンドル', pages: ['/guide/dep-pre-bundling', '/guide/features'], kind: 'heading' },
    { question: '静的アセット', pages: ['/guide/assets', '/guide/features'], kind: 'heading' },
    { question: 'ライブラリーモード', pages: ['/guide/build'], kind: 'heading' },
    { question: 'マルチページアプリ', pages: ['/guide/build'], kind: 'heading' },
    { question: 'チャンク戦略', pages: ['/guide/build'], kind: 'heading' },
    { question: 'サーバーサイドレンダリング', pages: ['/guide/ssr'], kind: 'heading' },
    { question: '静的サイトのデプロイ', pages: ['/guide/static-deploy'], kind: 'heading' },
    { question: 'トラブルシューティング', pages: ['/guide/troubleshooting'], kind: 'heading' },
    { question: 'プラグインの順序', pages: ['/guide/api-plugin', '/guide/using-plugins'], kind: 'heading' },
    { question: 'サーバーオプション', pages: ['/config/server-options'], kind: 'heading' },
    { question: 'ビルドオプション', pages: ['/config/build-options'], kind: 'heading' },
    { question: '共通オプション', pages: ['/config/shared-options'], kind: 'heading' },
    { question: '破壊的変更', pages: ['/changes/'], kind: 'heading' },
    { question: 'プロジェクト理念', pages: ['/guide/philosophy'], kind: 'heading' },
    { question: 'バックエンドとの統合', pages: ['/guide/backend-integration'], kind: 'heading' },
    { question: 'バレルファイル', pages: ['/guide/performance'], kind: 'heading' },
    { question: '公式プラグイン', pages: ['/plugins/'], kind: 'heading' },
    { question: 'v7 からの移行', pages: ['/guide/migration'], kind: 'heading' },
    { question: '仮想ファイル', pages: ['/guide/api-plugin'], kind: 'heading' },

    // inline-word: a word in the middle of a sentence of the page's text
    { question: 'フランス語', pages: ['/guide/'], kind: 'inline-word' },
    { question: 'センシティブ', pages: ['/guide/env-and-mode'], kind: 'inline-word' },
    { question: '相互運用性', pages: ['/guide/env-and-mode'], kind: 'inline-word' },
    { question: 'ツリーシェイキング', pages: ['/guide/env-and-mode', '/guide/features'], kind: 'inline-word' },
    { question: 'ポーリング', pages: ['/guide/troubleshooting'], kind: 'inline-word' },
    { question: 'ファイルディスクリプタ', pages: ['/guide/troubleshooting'], kind: 'inline-word' },
    { question: '広告ブロッカー', pages: ['/guide/troubleshooting'], kind: 'inline-word' },
    { question: 'キーチェーン', pages: ['/guide/troubleshooting'], kind: 'inline-word' },
    { question: 'ロックファイル', pages: ['/guide/dep-pre-bundling'], kind: 'inline-word' },
    { question: 'ネットワークタブ', pages: ['/guide/dep-pre-bundling'], kind: 'inline-word' },
    { question: 'テンプレートリテラル', pages: ['/guide/assets'], kind: 'inline-word' },
    { question: '接尾辞', pages: ['/guide/assets'], kind: 'inline-word' },
    { question: 'ダブルクオート', pages: ['/guide/assets'], kind: 'inline-word' },
    { question: 'カスタムドメイン', pages: ['/guide/static-deploy'], kind: 'inline-word' },
    { question: 'ドロップダウン', pages: ['/guide/static-deploy'], kind: 'inline-word' },
    { question: '非アクティブ化', pages: ['/guide/using-plugins', '/guide/api-plugin'], kind: 'inline-word' },
    { question: '構文変換', pages: ['/guide/build'], kind: 'inline-word' },
    { question: 'キャッシュ戦略', pages: ['/guide/build'], kind: 'inline-word' },
    { question: '早期採用者', pages: ['/guide/why'], kind: 'inline-word' },
    { question: '開発者ツール', pages: ['/guide/performance'], kind: 'inline-word' },

    // question: as people ask them
    { question: 'Vite で .env の環境変数を読み込むには？', pages: ['/guide/env-and-mode'], kind: 'question' },
    { question: 'vite build でチャンクを分割するには', pages: ['/guide/build', '/config/build-options'], kind: 'question' },
    {
      question: 'ビルドで Some chunks are larger than 500 kB の警告が出る',
      pages: ['/config/build-options', '/guide/build'],
      kind: 'question',
      source: 'https://openillumi.com/?p=28514',
    },
    {
      question: 'Viteのプロキシ設定でAPIが繋がらない',
      pages: ['/config/server-options'],
      kind: 'question',
      source: 'https://openillumi.com/?p=27540',
    },
    {
      question: '本番ビルドで画像が消える 動的な img src',
      pages: ['/guide/assets'],
      kind: 'question',
      source: 'https://openillumi.com/vue-vite-dynamic-image-path-fix',
    },
    {
      question: 'Vite のプロジェクトをライブラリモードで出力してパッケージ化したい',
      pages: ['/guide/build', '/config/build-options'],
      kind: 'question',
      source: 'https://zenn.dev/nanase_t/scraps/31cee780e21a2e',
    },
    {
      question: 'ViteでHMRが効かない コンポーネントの変更が反映されない',
      pages: ['/guide/troubleshooting'],
      kind: 'question',
      source: 'https://openillumi.com/?p=105831',
    },
    {
      question: 'ViteのHMRでファイルを保存するとページ全体がリロードされてしまう',
      pages: ['/guide/troubleshooting'],
      kind: 'question',
      source: 'https://zenn.dev/portalkeyinc/articles/d7b7cb03c3b8b3',
    },
    {
      question: 'Vite の開発サーバーに Chrome から ERR_CONNECTION_REFUSED で繋がらない',
      pages: ['/config/server-options'],
      kind: 'question',
      source: 'https://qiita.com/zawazawa5809/items/c10557b45dc4dbaf5896',
    },
    { question: '開発サーバーのポート番号を変更したい', pages: ['/config/server-options', '/guide/cli'], kind: 'question' },
    { question: 'GitHub Pages にデプロイする方法', pages: ['/guide/static-deploy'], kind: 'question' },
    { question: 'サブディレクトリにデプロイするときの base の設定', pages: ['/guide/build', '/config/shared-options', '/guide/static-deploy'], kind: 'question' },
    { question: 'パスエイリアス @ を設定するには', pages: ['/config/shared-options'], kind: 'question' },
    { question: '開発サーバーの起動やページの読み込みが遅いときの対処法', pages: ['/guide/performance'], kind: 'question' },
    { question: '古いブラウザーをサポートするには？', pages: ['/guide/build', '/plugins/'], kind: 'question' },
    { question: 'Vite は TypeScript の型チェックをしてくれる？', pages: ['/guide/features'], kind: 'question' },
    { question: 'import.meta.env の型を補完させたい', pages: ['/guide/env-and-mode'], kind: 'question' },
    { question: 'vite.config.ts の中で .env の値を使いたい', pages: ['/config/'], kind: 'question' },
    { question: '依存関係のキャッシュを消して再バンドルさせるには', pages: ['/guide/dep-pre-bundling', '/guide/cli'], kind: 'question' },
    { question: 'Web Worker を Vite で使うには', pages: ['/guide/features', '/guide/assets'], kind: 'question' },
  ],
};

export default set;
