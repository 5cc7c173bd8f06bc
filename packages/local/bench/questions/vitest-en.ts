import type { EvalSet } from './types';

/**
 * Questions over the Vitest docs (shared/corpus/vitest), phrased the way people ask them.
 * The phrasing of the questions with a `source` was taken from that issue, pull request or
 * page (never the answer); the others were written to cover the rest of the docs (typos,
 * Jest vocabulary, short keyword queries). Every `pages` entry was checked by reading the
 * page: it holds the answer, the first one best.
 */
export const set: EvalSet = {
  name: 'vitest-en',
  corpus: 'vitest',
  questions: [
    // --- pasted errors -----------------------------------------------------------------
    {
      question: 'ReferenceError: describe is not defined',
      pages: ['/config/globals', '/guide/migration'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/1063',
    },
    {
      question:
        "error TS2582: Cannot find name 'describe'. Do you need to install type definitions for a test runner? Try `npm i --save-dev @types/jest`",
      pages: ['/config/globals'],
      kind: 'error',
      source: 'https://github.com/archesproject/arches/pull/11413',
    },
    {
      question: "ReferenceError: Cannot access '__vite_ssr_import_0__' before initialization",
      pages: ['/api/vi'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/pull/1098',
    },
    {
      question:
        'Error: Failed to load url @/file1 (resolved id: @/file1) in /src/tests/test1.test.ts. Does the file exist?',
      pages: ['/guide/common-errors'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/4171',
    },
    {
      question:
        'SyntaxError: Unexpected token \'export\' Module node_modules/@fancyapps/ui/dist/carousel/carousel.autoplay.esm.js:1 seems to be an ES Module but shipped in a CommonJS package',
      pages: ['/guide/common-errors', '/config/server'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/7127',
    },
    {
      question: 'Failed to terminate worker while running ProjectCommitment.spec.ts',
      pages: ['/guide/common-errors'],
      kind: 'error',
      source: 'https://github.com/dfinity/nns-dapp/pull/3516',
    },
    {
      question:
        'close timed out after 10000ms Tests closed successfully but something prevents the main process from exiting',
      pages: ['/guide/reporters', '/config/reporters'],
      kind: 'error',
      source: 'https://github.com/chanzuckerberg/idetik/issues/443',
    },
    {
      question: 'TypeError: Cannot redefine property: captureException',
      pages: ['/guide/mocking/modules', '/guide/browser/'],
      kind: 'error',
      source: 'https://github.com/getsentry/sentry-javascript/issues/12576',
    },
    {
      question: 'TypeError: Cannot spy on export "after". Module namespace is not configurable in ESM',
      pages: ['/guide/browser/', '/guide/mocking/modules'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/9467',
    },
    {
      question:
        'If this is a long-running test, pass a timeout value as the last argument or configure it globally with "testTimeout"',
      pages: ['/config/testtimeout', '/api/test'],
      kind: 'error',
      source: 'https://github.com/mike-lischke/antlr4-c3/issues/178',
    },
    {
      question: 'ReferenceError: location is not defined',
      pages: ['/guide/environment', '/config/environment'],
      kind: 'error',
      source: 'https://taourl.com/read-2475235.html',
    },
    {
      question: 'ReferenceError: document is not defined',
      pages: ['/config/environment', '/guide/environment'],
      kind: 'error',
    },
    {
      question: "TypeError: Cannot read properties of undefined (reading 'mockImplementation') after vi.mock(path, () => vi.fn())",
      pages: ['/guide/migration', '/api/vi'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/949',
    },
    {
      question: 'Segmentation fault (core dumped)',
      pages: ['/guide/common-errors'],
      kind: 'error',
    },
    {
      question: 'Unhandled Rejection: Error: User 123 not found',
      pages: ['/guide/common-errors'],
      kind: 'error',
    },
    {
      question: 'SyntaxError: Cannot use import statement outside a module',
      pages: ['/guide/common-errors'],
      kind: 'error',
    },
    {
      question: 'TypeError: Unknown file extension ".css"',
      pages: ['/guide/common-errors', '/guide/environment'],
      kind: 'error',
    },
    {
      question: 'vi.mock was defined outside of the module\'s top level scope',
      pages: ['/guide/migration'],
      kind: 'error',
    },

    // --- natural questions ---------------------------------------------------------------
    {
      question: 'why does toHaveBeenCalledWith compare against the latest object state instead of the arguments at call time?',
      pages: ['/api/mock'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/7229',
    },
    {
      question: 'spyOn on a function that is called by another function in the same module is not working',
      pages: ['/guide/mocking/modules'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/3592',
    },
    {
      question: 'exclude setting in vitest config does not remove files from the coverage report',
      pages: ['/config/exclude', '/config/coverage'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/6321',
    },
    {
      question: 'how do I exclude some files from coverage?',
      pages: ['/guide/coverage', '/config/coverage'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/11143',
    },
    {
      question: 'how to mock a module that has a default export',
      pages: ['/api/vi', '/guide/migration'],
      kind: 'question',
      source: 'https://github.com/danielroe/nuxt-vitest/pull/334',
    },
    {
      question: 'mocking module.exports when it is a function loaded with require is not supported?',
      pages: ['/guide/common-errors', '/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/5359',
    },
    {
      question: 'what is the difference between setupFiles and globalSetup?',
      pages: ['/config/globalsetup', '/config/setupfiles'],
      kind: 'question',
      source: 'https://github.com/dfinity/nns-dapp/pull/5929',
    },
    {
      question: 'module modified in globalSetup is not persisted when the tests run',
      pages: ['/config/globalsetup'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1049',
    },
    {
      question: 'how do I mock import.meta.env variables in a test?',
      pages: ['/guide/mocking', '/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/2752',
    },
    {
      question: 'useFakeTimers not working with a promise wrapped setTimeout',
      pages: ['/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1772',
    },
    {
      question: "updating snapshots doesn't remove obsolete ones",
      pages: ['/config/update', '/guide/snapshot'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/686',
    },
    {
      question: 'is there a way to run only a specific project from the workspace?',
      pages: ['/guide/projects'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/4519',
    },
    {
      question: 'how can I use vitest in a pnpm monorepo with many packages?',
      pages: ['/guide/projects'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vscode/issues/166',
    },
    {
      question: 'how do I add TypeScript types for a custom matcher registered with expect.extend?',
      pages: ['/guide/extending-matchers'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/pull/6121',
    },
    {
      question: 'debugger in vs code does not stop at my breakpoint',
      pages: ['/guide/debugging'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/5380',
    },
    {
      question: 'can test.each titles use nested object properties like $a.val?',
      pages: ['/api/test'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/2403',
    },
    {
      question: 'how to run tests in a headless browser with browser mode and playwright',
      pages: ['/guide/browser/', '/config/browser/headless'],
      kind: 'question',
      source: 'https://github.com/shlinkio/shlink-web-client/pull/1504',
    },
    {
      question: 'how do I run a single test file?',
      pages: ['/guide/filtering', '/guide/cli'],
      kind: 'question',
    },
    {
      question: 'how do I test that a function throws an error?',
      pages: ['/api/expect', '/guide/learn/matchers'],
      kind: 'question',
    },
    {
      question: 'how to test that an async function rejects',
      pages: ['/guide/learn/async', '/api/expect'],
      kind: 'question',
    },
    {
      question: 'can I skip a test only when running on CI?',
      pages: ['/api/test'],
      kind: 'question',
    },
    {
      question: 'how do I mock the current date?',
      pages: ['/guide/mocking/dates', '/api/vi'],
      kind: 'question',
    },
    {
      question: 'is there a way to stop vitest from watching and just run once in CI',
      pages: ['/guide/cli', '/config/watch'],
      kind: 'question',
    },

    // --- Jest vocabulary -----------------------------------------------------------------
    {
      question: 'jest.requireActual equivalent',
      pages: ['/guide/migration', '/api/vi'],
      kind: 'jest',
      source: 'https://github.com/vitest-dev/vitest/pull/2927',
    },
    {
      question: 'it.each with %p in the title does not work after migrating from jest',
      pages: ['/api/test'],
      kind: 'jest',
      source: 'https://github.com/Azure/LogicAppsUX/pull/5144',
    },
    {
      question: 'ReferenceError: jest is not defined when using jest.mock',
      pages: ['/guide/learn/writing-tests-with-ai', '/guide/migration'],
      kind: 'jest',
      source: 'https://taourl.com/read-2016338.html',
    },
    {
      question: 'jest.fn() in vitest',
      pages: ['/api/vi', '/guide/mocking/functions'],
      kind: 'jest',
    },
    {
      question: 'moduleNameMapper',
      pages: ['/config/alias'],
      kind: 'jest',
    },
    {
      question: 'testEnvironment jsdom per file',
      pages: ['/config/environment', '/guide/environment'],
      kind: 'jest',
    },
    {
      question: 'setupFilesAfterEach',
      pages: ['/config/setupfiles'],
      kind: 'jest',
    },
    {
      question: 'done callback is not supported, how do I rewrite callback tests',
      pages: ['/guide/migration'],
      kind: 'jest',
    },
    {
      question: 'jest.setTimeout in vitest',
      pages: ['/guide/migration', '/api/vi'],
      kind: 'jest',
    },

    // --- typos ---------------------------------------------------------------------------
    {
      question: 'vitest snapsot update',
      pages: ['/guide/snapshot', '/config/update'],
      kind: 'typo',
    },
    {
      question: 'covrage report html',
      pages: ['/config/coverage', '/guide/coverage'],
      kind: 'typo',
    },
    {
      question: 'enviroment happydom',
      pages: ['/config/environment', '/guide/environment'],
      kind: 'typo',
    },

    // --- keywords ------------------------------------------------------------------------
    {
      question: 'mockClear vs mockReset vs mockRestore',
      pages: ['/api/mock', '/guide/learn/mock-functions'],
      kind: 'keywords',
      source: 'https://github.com/vitest-dev/vitest/pull/7633',
    },
    {
      question: 'advanceTimersToNextFrame requestAnimationFrame',
      pages: ['/api/vi'],
      kind: 'keywords',
      source: 'https://github.com/vitest-dev/vitest/issues/6493',
    },
    {
      question: 'vi.hoisted',
      pages: ['/api/vi'],
      kind: 'keywords',
    },
    {
      question: 'in-source testing',
      pages: ['/guide/in-source'],
      kind: 'keywords',
    },
  ],
};

export default set;
