/**
 * Queries over the Chinese Vitest docs (`shared/corpus/vitest-zh`, an older release, 2024: the
 * page paths are those of that release, e.g. `/guide/workspace`, `/config/` as one page).
 *
 * Three kinds, about a third each:
 * - `heading`: a heading's words, or part of them, as a user types them;
 * - `inline-word`: a word that occurs inside running text of the page (not in its headings), which
 *   a tokenizer that keeps a run of Han characters as one token cannot find;
 * - `question`: questions as people ask them in Chinese, API names in Latin script included.
 *
 * Every expected page was checked by reading it in the corpus (the word is in its body text, or
 * the page answers the question). Written without running any search engine over them.
 */
import type { EvalSet } from './types.js';

export const set: EvalSet = {
  name: 'vitest-zh',
  corpus: 'vitest-zh',
  questions: [
    // heading: the words of a heading, or part of them
    { question: '模拟函数', pages: ['/api/vi', '/api/mock', '/guide/mocking'], kind: 'heading' },
    { question: '测试覆盖率', pages: ['/guide/coverage', '/guide/features'], kind: 'heading' },
    { question: '更新快照', pages: ['/guide/snapshot'], kind: 'heading' },
    { question: '内联快照', pages: ['/guide/snapshot'], kind: 'heading' },
    { question: '自定义环境', pages: ['/guide/environment'], kind: 'heading' },
    { question: '测试上下文', pages: ['/guide/test-context'], kind: 'heading' },
    { question: '源码内联测试', pages: ['/guide/in-source', '/guide/features'], kind: 'heading' },
    { question: '工作空间', pages: ['/guide/workspace', '/guide/'], kind: 'heading' },
    { question: '性能优化', pages: ['/guide/improving-performance'], kind: 'heading' },
    { question: '常见错误', pages: ['/guide/common-errors'], kind: 'heading' },
    { question: '从 Jest 迁移', pages: ['/guide/migration'], kind: 'heading' },
    { question: '类型测试', pages: ['/guide/testing-types', '/guide/features'], kind: 'heading' },
    { question: '命令行界面', pages: ['/guide/cli'], kind: 'heading' },
    { question: '自定义报告器', pages: ['/guide/reporters', '/advanced/reporters'], kind: 'heading' },
    { question: '测试筛选', pages: ['/guide/filtering'], kind: 'heading' },
    { question: '浏览器模式', pages: ['/guide/browser/', '/guide/browser/why'], kind: 'heading' },
    { question: '备忘单', pages: ['/guide/mocking'], kind: 'heading' },
    { question: '代码忽略', pages: ['/guide/coverage'], kind: 'heading' },
    { question: '固定装置', pages: ['/guide/test-context'], kind: 'heading' },
    { question: '自动模拟', pages: ['/guide/mocking', '/guide/migration'], kind: 'heading' },

    // inline-word: a word in the middle of a sentence of the page's text
    { question: '对象监听', pages: ['/guide/mocking'], kind: 'inline-word' },
    { question: '内存文件系统', pages: ['/guide/mocking'], kind: 'inline-word' },
    { question: '深度克隆', pages: ['/guide/mocking'], kind: 'inline-word' },
    { question: '虚拟模块', pages: ['/guide/mocking'], kind: 'inline-word' },
    { question: '控制注释', pages: ['/guide/environment'], kind: 'inline-word' },
    { question: '私有状态', pages: ['/guide/in-source', '/guide/features'], kind: 'inline-word' },
    { question: '断点', pages: ['/guide/debugging'], kind: 'inline-word' },
    { question: '调试端口', pages: ['/guide/debugging'], kind: 'inline-word' },
    { question: '发音', pages: ['/guide/'], kind: 'inline-word' },
    { question: '瓶颈', pages: ['/guide/improving-performance'], kind: 'inline-word' },
    { question: '桶文件', pages: ['/guide/profiling-test-performance'], kind: 'inline-word' },
    { question: '提交哈希', pages: ['/guide/cli'], kind: 'inline-word' },
    { question: '生态社区', pages: ['/guide/why'], kind: 'inline-word' },
    { question: '端到端', pages: ['/guide/comparisons'], kind: 'inline-word' },
    { question: '待办事项', pages: ['/guide/filtering'], kind: 'inline-word' },
    { question: '代码审查', pages: ['/guide/snapshot'], kind: 'inline-word' },
    { question: '忽略提示', pages: ['/guide/coverage'], kind: 'inline-word' },
    { question: '三斜杠', pages: ['/config/file', '/guide/'], kind: 'inline-word' },
    { question: '快捷键', pages: ['/advanced/api'], kind: 'inline-word' },
    { question: '对象解构', pages: ['/guide/test-context'], kind: 'inline-word' },

    // question: as people ask them
    { question: '如何模拟一个模块？', pages: ['/guide/mocking', '/api/vi'], kind: 'question' },
    { question: '怎么在 vitest 中生成覆盖率报告', pages: ['/guide/coverage'], kind: 'question' },
    { question: 'vitest 快照不匹配了怎么更新', pages: ['/guide/snapshot'], kind: 'question' },
    { question: '怎么只运行某一个测试', pages: ['/guide/filtering', '/api/'], kind: 'question' },
    { question: '如何设置测试的超时时间', pages: ['/guide/filtering', '/config/'], kind: 'question' },
    { question: 'vitest 如何模拟 setTimeout 定时器', pages: ['/guide/mocking', '/api/vi'], kind: 'question' },
    {
      question: '测试时 import.meta.env.VITE_* 是 undefined 怎么办',
      pages: ['/guide/mocking', '/api/vi', '/guide/features'],
      kind: 'question',
      source: 'https://duoke360.com/post/43726',
    },
    {
      question: 'vitest 无法 mock 同一模块内部调用的函数',
      pages: ['/guide/mocking'],
      kind: 'question',
      source: 'https://php.xlycwl.com/faq/2011432.html',
    },
    { question: '怎样在真实浏览器里运行测试', pages: ['/guide/browser/'], kind: 'question' },
    { question: '如何在 VS Code 里调试 vitest 测试', pages: ['/guide/debugging'], kind: 'question' },
    { question: 'jsdom 和 happy-dom 有什么区别', pages: ['/guide/environment'], kind: 'question' },
    { question: '如何给单个测试文件指定 jsdom 环境', pages: ['/guide/environment'], kind: 'question' },
    { question: 'vitest 和 jest 有什么不同', pages: ['/guide/comparisons', '/guide/migration'], kind: 'question' },
    { question: 'monorepo 里怎么给多个项目分别配置测试', pages: ['/guide/workspace'], kind: 'question' },
    { question: '测试跑得太慢怎么办', pages: ['/guide/improving-performance', '/guide/profiling-test-performance'], kind: 'question' },
    { question: '如何模拟 fetch 网络请求', pages: ['/guide/mocking'], kind: 'question' },
    { question: 'vitest.config.ts 和 vite.config.ts 哪个优先', pages: ['/config/file', '/guide/'], kind: 'question' },
    { question: '怎么输出 junit 格式的测试报告', pages: ['/guide/reporters'], kind: 'question' },
    { question: '测试里怎么固定 Date.now() 返回的时间', pages: ['/guide/mocking', '/api/vi'], kind: 'question' },
    {
      question: '测试执行时报错 Cannot find module，路径看起来是对的',
      pages: ['/guide/common-errors'],
      kind: 'question',
      source: 'https://blog.youkuaiyun.com/gitblog_01038/article/details/151448466',
    },
    {
      question: '测试过程中出现 Failed to terminate worker 怎么办',
      pages: ['/guide/common-errors'],
      kind: 'question',
      source: 'https://blog.youkuaiyun.com/gitblog_01038/article/details/151448466',
    },
    {
      question: 'vi.hoisted 里使用导入的函数报错 Cannot access before initialization',
      pages: ['/api/vi'],
      kind: 'question',
      source: 'https://blog.gitcode.com/532127b7eab4fb7e5106a1501fecf6da.html',
    },
    { question: '怎么在 CI 上把测试分到多台机器并行跑', pages: ['/guide/improving-performance', '/guide/cli', '/guide/features'], kind: 'question' },
  ],
};

export default set;
