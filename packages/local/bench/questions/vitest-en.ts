import type { EvalSet } from './types';

/**
 * Questions over the Vitest docs (shared/corpus/vitest), phrased the way people ask them.
 * The phrasing of the questions with a `source` was taken from that issue, pull request or
 * page (never the answer); the others were written to cover the rest of the docs (typos,
 * Jest vocabulary, short keyword queries). Every `pages` entry was checked by reading the
 * page: it holds the answer, the first one best.
 *
 * Real questions left out because these docs do not answer them: "Error: No test suite found
 * in file", mocking `window.location` under jsdom, `jest.createMockFromModule`, `vitest run
 * --watch` being ignored, "Error: Terminating worker thread", `.env` of each workspace project
 * not being picked up from the root, and the VS Code extension's own settings.
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
      question: 'Unhandled Rejection: Error: Request failed with status code 500',
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
      question: "toThrowError() doesn't catch async throws",
      pages: ['/api/expect', '/guide/learn/async'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/2262',
    },
    {
      question: 'how to skip a test by criteria, e.g. when an env variable is set',
      pages: ['/api/test', '/api/describe'],
      kind: 'question',
      source: 'https://github.com/jestjs/jest/issues/8899',
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
    // --- batch 2 -------------------------------------------------------------------------
    {
      question: "TypeError: () => ({ method: vi.fn() }) is not a constructor",
      pages: ['/api/vi', '/guide/mocking/classes'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/10286',
    },
    {
      question: "Property 'vitest' does not exist on type 'ImportMeta'",
      pages: ['/guide/in-source'],
      kind: 'error',
    },
    {
      question: 'how do I write the junit reporter output to a file so CI can read it?',
      pages: ['/guide/reporters', '/config/outputfile'],
      kind: 'question',
      source: 'https://github.com/angular/angular-cli/issues/30442',
    },
    {
      question: 'vitest runs tests 3x slower than jest, how can I make it faster?',
      pages: ['/guide/improving-performance', '/guide/profiling-test-performance'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/579',
    },
    {
      question: 'tests are slow because of isolation, can I turn it off?',
      pages: ['/config/isolate', '/guide/improving-performance'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/8177',
    },
    {
      question: 'how to shard the test suite across several CI jobs and merge the coverage reports',
      pages: ['/guide/improving-performance', '/guide/cli'],
      kind: 'question',
      source: 'https://github.com/dfinity/oisy-wallet/pull/6499',
    },
    {
      question: 'hide console.log output of tests that pass',
      pages: ['/config/silent', '/config/onconsolelog'],
      kind: 'question',
      source: 'https://github.com/CDCgov/prime-reportstream/issues/6289',
    },
    {
      question: 'how do I mock network requests with msw?',
      pages: ['/guide/mocking/requests'],
      kind: 'question',
    },
    {
      question: 'ReferenceError: IntersectionObserver is not defined',
      pages: ['/guide/mocking/globals', '/api/vi'],
      kind: 'error',
      source: 'https://github.com/seek-oss/braid-design-system/pull/1811',
    },
    {
      question: 'how can we use memfs when testing with vitest',
      pages: ['/guide/mocking/file-system'],
      kind: 'question',
      source: 'https://github.com/streamich/memfs/issues/1020',
    },
    {
      question: 'how to mock a class, an instance, a method in a class',
      pages: ['/guide/mocking/classes', '/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/5638',
    },
    {
      question: 'can I mock a module for just one test and not the whole file?',
      pages: ['/api/vi'],
      kind: 'question',
    },
    {
      question: 'flag to run a test N consecutive times to check its failure rate',
      pages: ['/config/repeats', '/api/test'],
      kind: 'question',
      source: 'https://github.com/jestjs/jest/issues/11912',
    },
    {
      question: 'flaky test marking and retrying',
      pages: ['/config/retry', '/api/test'],
      kind: 'keywords',
      source: 'https://github.com/vitest-dev/vitest/issues/1057',
    },
    {
      question: 'run partial vitest unit tests in CI from changed detection (git diff)',
      pages: ['/config/changed', '/guide/cli'],
      kind: 'question',
      source: 'https://github.com/sanity-io/sanity/pull/11909',
    },
    {
      question: 'fail the run when someone accidentally commits a test.only (like --forbidOnly)',
      pages: ['/config/allowonly'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/963',
    },
    {
      question: 'how do I set environment variables for all tests in the config?',
      pages: ['/config/env'],
      kind: 'question',
    },
    {
      question: 'passing serializable data from globalSetup to tests',
      pages: ['/config/globalsetup', '/config/provide'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/4025',
    },
    {
      question: 'limit the number of local vitest workers to reduce CPU usage',
      pages: ['/config/maxworkers', '/config/fileparallelism'],
      kind: 'question',
      source: 'https://github.com/train-des-reves/pirate-islands/issues/51',
    },
    {
      question: 'how to run test files one after another instead of in parallel',
      pages: ['/config/fileparallelism', '/guide/parallelism'],
      kind: 'question',
    },
    {
      question: 'can tests inside one describe block run concurrently?',
      pages: ['/api/describe', '/guide/parallelism', '/api/test'],
      kind: 'question',
    },
    {
      question: 'option to run tests in random order',
      pages: ['/config/sequence', '/api/describe'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1570',
    },
    {
      question: 'how do I assert the TypeScript type of a value in a test?',
      pages: ['/api/expect-typeof', '/guide/testing-types'],
      kind: 'question',
    },
    {
      question: 'how do I see my test results in a web UI?',
      pages: ['/guide/ui'],
      kind: 'question',
    },
    {
      question: 'do I pass an instance of my custom reporter or can reporters be a file path?',
      pages: ['/guide/reporters', '/guide/advanced/reporters', '/api/advanced/reporters'],
      kind: 'question',
      source: 'https://github.com/recallnet/js-recall/pull/271',
    },
    {
      question: "custom environment support like jest's testEnvironment",
      pages: ['/guide/environment', '/config/environment'],
      kind: 'jest',
      source: 'https://github.com/vitest-dev/vitest/issues/1961',
    },
    {
      question: 'how to share a database connection between tests with test.extend fixtures',
      pages: ['/guide/test-context', '/guide/recipes/db-transaction'],
      kind: 'question',
    },
    {
      question: 'how do I clean up after a test even when it fails?',
      pages: ['/api/hooks', '/guide/test-context'],
      kind: 'question',
    },
    {
      question: 'what is the difference between vitest run and vitest watch?',
      pages: ['/guide/cli'],
      kind: 'question',
    },
    {
      question: 'programmatic way to run Vitest',
      pages: ['/guide/advanced/tests', '/guide/advanced/'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/2167',
    },
    {
      question: 'how do I write a benchmark?',
      pages: ['/guide/benchmarking'],
      kind: 'question',
    },
    {
      question: 'how to do visual regression testing with screenshots',
      pages: ['/guide/browser/visual-regression-testing', '/api/browser/assertions'],
      kind: 'question',
    },
    {
      question: 'how do I render a React component in browser mode?',
      pages: ['/api/browser/react', '/guide/browser/component-testing'],
      kind: 'question',
    },
    {
      question: 'how to click a button and type into an input in a browser test',
      pages: ['/api/browser/interactivity', '/api/browser/locators'],
      kind: 'question',
    },
    {
      question: 'run vitest browser tests across Chromium, Firefox, and WebKit',
      pages: ['/guide/browser/multiple-setups', '/config/browser/instances'],
      kind: 'question',
      source: 'https://github.com/cashubtc/cashu-ts/pull/639',
    },
    {
      question: 'how can I tag tests and run only the tagged ones?',
      pages: ['/guide/test-tags', '/config/tags'],
      kind: 'question',
    },
    {
      question: 'wait for the condition, not a guessed 250ms setTimeout, before asserting',
      pages: ['/guide/recipes/wait-for', '/api/vi', '/api/expect'],
      kind: 'question',
      source: 'https://github.com/ever-works/ever-works/pull/2006',
    },
    {
      question: 'it/test blocks stop after the first failed expect',
      pages: ['/api/expect', '/guide/learn/matchers'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/5379',
    },
    {
      question: 'what is the difference between toBe and toEqual?',
      pages: ['/api/expect', '/guide/learn/matchers'],
      kind: 'question',
    },
    {
      question: 'how do I check that an object contains some properties but not all of them?',
      pages: ['/api/expect', '/guide/learn/matchers'],
      kind: 'question',
    },
    {
      question: 'how to make sure the assertions inside a callback were actually called',
      pages: ['/api/expect', '/guide/learn/async'],
      kind: 'question',
    },
    {
      question: 'can I see the coverage report inside the vitest UI?',
      pages: ['/guide/coverage', '/guide/ui'],
      kind: 'question',
    },
    {
      question: 'how do I ignore some lines from coverage with a comment?',
      pages: ['/guide/coverage'],
      kind: 'question',
    },
    {
      question: 'should we switch from istanbul to v8 as the coverage provider? the numbers are different',
      pages: ['/guide/coverage'],
      kind: 'question',
      source: 'https://github.com/iTwin/itwinjs-core/pull/7252',
    },
    {
      question: 'make the CI job fail below the 80% coverage bar',
      pages: ['/config/coverage'],
      kind: 'question',
      source: 'https://github.com/omartelo/lich/pull/602',
    },
    {
      question: 'my source tree is for source code, can snapshots be stored somewhere other than __snapshots__ next to the test?',
      pages: ['/config/resolvesnapshotpath'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/7817',
    },
    {
      question: 'how do inline snapshots work?',
      pages: ['/guide/snapshot', '/api/expect'],
      kind: 'question',
    },
    {
      question: 'cannot debug test files with the --inspect-brk flag, the debugger statement is not hit',
      pages: ['/guide/debugging'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1867',
    },
    {
      question: 'is there a vs code extension for vitest?',
      pages: ['/guide/ide'],
      kind: 'question',
    },
    {
      question: 'beforeAll and beforeEach in a setup file are not running in the expected order',
      pages: ['/guide/lifecycle', '/config/setupfiles'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/300',
    },
    {
      question: 'how is vitest different from jest?',
      pages: ['/guide/comparisons', '/guide/why'],
      kind: 'question',
    },

    // Jest vocabulary, batch 2
    {
      question: "jest.spyOn(console, 'error').mockImplementation(() => {})",
      pages: ['/api/vi'],
      kind: 'jest',
    },
    {
      question: "jest.useFakeTimers('legacy')",
      pages: ['/guide/migration', '/api/vi'],
      kind: 'jest',
    },
    {
      question: 'jest.clearAllMocks in afterEach',
      pages: ['/api/vi', '/config/clearmocks'],
      kind: 'jest',
    },
    {
      question: 'resetMocks: true from jest config',
      pages: ['/config/mockreset'],
      kind: 'jest',
    },
    {
      question: 'collectCoverageFrom',
      pages: ['/config/coverage', '/guide/coverage'],
      kind: 'jest',
    },
    {
      question: 'testMatch pattern for spec files',
      pages: ['/config/include'],
      kind: 'jest',
    },
    {
      question: 'testPathIgnorePatterns',
      pages: ['/config/exclude'],
      kind: 'jest',
    },
    {
      question: 'jest --runInBand equivalent',
      pages: ['/config/fileparallelism', '/config/maxworkers'],
      kind: 'jest',
    },
    {
      question: 'jest --detectOpenHandles',
      pages: ['/guide/reporters', '/config/detectasyncleaks'],
      kind: 'jest',
    },
    {
      question: 'transformIgnorePatterns to transform an ESM package in node_modules',
      pages: ['/guide/common-errors', '/config/server'],
      kind: 'jest',
    },
    {
      question: 'jest.retryTimes',
      pages: ['/config/retry', '/api/test'],
      kind: 'jest',
    },
    {
      question: 'jest.Mock<> type in TypeScript',
      pages: ['/guide/migration'],
      kind: 'jest',
    },
    {
      question: 'jest.replaceProperty',
      pages: ['/guide/migration'],
      kind: 'jest',
    },
    {
      question: 'JEST_WORKER_ID',
      pages: ['/guide/migration'],
      kind: 'jest',
    },
    {
      question: 'files in __mocks__ are not picked up automatically like in jest',
      pages: ['/guide/migration', '/guide/mocking/modules'],
      kind: 'jest',
    },
    {
      question: 'expect.getState().currentTestName is different than in jest',
      pages: ['/guide/migration'],
      kind: 'jest',
    },
    {
      question: 'toMatchSnapshot',
      pages: ['/guide/snapshot', '/api/expect'],
      kind: 'jest',
    },
    {
      question: 'convert jest.config.js to vitest config',
      pages: ['/config/'],
      kind: 'jest',
    },
    {
      question: 'jest --findRelatedTests',
      pages: ['/guide/cli'],
      kind: 'jest',
    },
    {
      question: 'jest --bail',
      pages: ['/config/bail'],
      kind: 'jest',
    },
    {
      question: 'jest mockReset returns undefined but in vitest it calls the original implementation',
      pages: ['/guide/migration', '/api/mock'],
      kind: 'jest',
    },
    {
      question: 'testing-library does not clean up the DOM between tests after moving from jest',
      pages: ['/guide/migration', '/config/globals'],
      kind: 'jest',
    },

    // typos, batch 2
    { question: 'vi.spyon mockImplemntation', pages: ['/api/vi', '/api/mock'], kind: 'typo' },
    { question: 'toHaveBeenCalledWidth', pages: ['/api/expect'], kind: 'typo' },
    { question: 'fake timmers setSystemTime', pages: ['/api/vi', '/guide/mocking/dates'], kind: 'typo' },
    { question: 'inline snapshop', pages: ['/guide/snapshot', '/api/expect'], kind: 'typo' },
    { question: 'paralell test files', pages: ['/guide/parallelism', '/config/fileparallelism'], kind: 'typo' },
    { question: 'brower mode playwrite', pages: ['/guide/browser/', '/config/browser/playwright'], kind: 'typo' },
    { question: 'istambul coverage provider', pages: ['/guide/coverage', '/config/coverage'], kind: 'typo' },
    { question: 'vi.mock hoisitng', pages: ['/api/vi', '/guide/mocking'], kind: 'typo' },
    { question: 'beforAll async setup', pages: ['/api/hooks'], kind: 'typo' },
    { question: 'junit reporter ouputFile', pages: ['/config/outputfile', '/guide/reporters'], kind: 'typo' },
    { question: 'expectTypeof toBeStrng', pages: ['/api/expect-typeof'], kind: 'typo' },
    { question: 'test contex fixtures', pages: ['/guide/test-context'], kind: 'typo' },
    { question: 'mockResolvedValu', pages: ['/api/mock'], kind: 'typo' },
    { question: 'vitest benchmrk', pages: ['/guide/benchmarking'], kind: 'typo' },
    { question: 'snapshto serializer', pages: ['/config/snapshotserializers', '/guide/snapshot'], kind: 'typo' },

    // keywords, batch 2
    { question: 'vi.mocked', pages: ['/api/vi'], kind: 'keywords' },
    { question: 'vi.stubGlobal', pages: ['/api/vi', '/guide/mocking/globals'], kind: 'keywords' },
    { question: 'expect.poll', pages: ['/api/expect', '/guide/recipes/wait-for', '/config/expect'], kind: 'keywords' },
    { question: 'aroundEach hook', pages: ['/api/hooks'], kind: 'keywords' },
    { question: 'pool forks vs threads', pages: ['/config/pool'], kind: 'keywords' },
    { question: 'vmThreads memory limit', pages: ['/config/vmmemorylimit', '/config/pool'], kind: 'keywords' },
    { question: 'toMatchScreenshot', pages: ['/api/browser/assertions', '/guide/browser/visual-regression-testing'], kind: 'keywords' },
    { question: 'getByTestId custom attribute', pages: ['/config/browser/locators', '/api/browser/locators'], kind: 'keywords' },
    { question: 'css modules class names', pages: ['/config/css'], kind: 'keywords' },
    { question: 'chaiConfig truncateThreshold', pages: ['/config/chaiconfig'], kind: 'keywords' },
    { question: 'github actions annotations reporter', pages: ['/guide/reporters'], kind: 'keywords' },
    { question: 'vitest list', pages: ['/guide/cli'], kind: 'keywords' },
    { question: 'custom pool', pages: ['/guide/advanced/pool'], kind: 'keywords' },
    { question: 'slowTestThreshold', pages: ['/config/slowtestthreshold'], kind: 'keywords' },
    { question: 'fakeTimers toFake', pages: ['/config/faketimers'], kind: 'keywords' },
    { question: 'vi.when calledWith thenReturn', pages: ['/guide/recipes/conditional-mocking', '/api/vi'], kind: 'keywords' },
    { question: 'aria snapshot', pages: ['/guide/browser/aria-snapshots', '/api/expect'], kind: 'keywords' },
    { question: 'test annotations', pages: ['/guide/test-annotations', '/guide/test-context'], kind: 'keywords' },
    { question: 'playwright trace', pages: ['/guide/browser/playwright-traces', '/config/browser/trace'], kind: 'keywords' },
    { question: 'blob reporter --merge-reports', pages: ['/guide/reporters', '/guide/cli'], kind: 'keywords' },
    { question: 'open telemetry', pages: ['/guide/open-telemetry', '/config/experimental'], kind: 'keywords' },
    // --- batch 3 (phrasing taken from issues) --------------------------------------------
    {
      question: 'Hook timed out in 10000ms',
      pages: ['/config/hooktimeout', '/api/hooks'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/2008',
    },
    {
      question: 'Error: Snapshot cannot be used outside of test',
      pages: ['/api/test', '/guide/test-context', '/guide/snapshot'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/551',
    },
    {
      question:
        'Vitest caught 3 unhandled errors during the test run. This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.',
      pages: ['/guide/features', '/config/dangerouslyignoreunhandlederrors', '/config/onunhandlederror'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/3912',
    },
    {
      question: 'coverage report missing for untested files',
      pages: ['/guide/coverage', '/config/coverage'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/2674',
    },
    {
      question: 'expectTypeOf passes every test regardless of the types',
      pages: ['/guide/testing-types', '/config/typecheck'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/4565',
    },
    {
      question: 'run only the test with the given name with -t',
      pages: ['/guide/filtering', '/config/testnamepattern'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/268',
    },
    {
      question: 'how do I mock only one function of a module and keep the rest of the exports real?',
      pages: ['/guide/mocking', '/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/6024',
    },
    {
      question: "spy on a getter with vi.spyOn(obj, 'key', 'get')",
      pages: ['/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/11062',
    },
    {
      question: '.env files are not loaded when running vitest',
      pages: ['/guide/features'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1148',
    },
    {
      question: 'does vitest run the cleanup function returned from beforeEach?',
      pages: ['/api/hooks'],
      kind: 'question',
      source: 'https://github.com/mission-apprentissage/labonnealternance/pull/5363',
    },
    // --- batch 4: config pages, browser config, recipes, advanced API, learn guides -------
    {
      question: 'TypeScript does not know my import was mocked: mockImplementation does not exist on type',
      pages: ['/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/745',
    },
    {
      question: 'should I replace jsdom with vitest browser mode?',
      pages: ['/guide/browser/why', '/guide/browser/'],
      kind: 'question',
      source: 'https://github.com/vercel/ai-elements/issues/169',
    },
    {
      question: 'TypeError: describe.sequential is not a function',
      pages: ['/guide/migration'],
      kind: 'error',
    },
    {
      question: 'how do I turn off the cache that runs failed tests first?',
      pages: ['/config/cache'],
      kind: 'question',
    },
    {
      question: 'make test discovery faster by only scanning the src folder',
      pages: ['/config/dir', '/guide/improving-performance'],
      kind: 'question',
    },
    {
      question: 'open the vitest UI in the browser automatically',
      pages: ['/config/open', '/guide/ui'],
      kind: 'question',
    },
    {
      question: 'change the port of the vitest API server',
      pages: ['/config/api'],
      kind: 'question',
    },
    {
      question: 'show the full diff when a snapshot fails instead of a patch',
      pages: ['/config/expandsnapshotdiff'],
      kind: 'question',
    },
    {
      question: 'can transformed modules be cached on disk between vitest runs?',
      pages: ['/config/fsmodulecache', '/guide/improving-performance'],
      kind: 'question',
    },
    {
      question: 'print heap usage after each test to find a memory leak',
      pages: ['/config/logheapusage'],
      kind: 'question',
    },
    {
      question: 'limit how many concurrent tests run at the same time',
      pages: ['/config/maxconcurrency'],
      kind: 'question',
    },
    {
      question: 'where does this console.log come from? print a stack trace for every console call',
      pages: ['/config/printconsoletrace'],
      kind: 'question',
    },
    {
      question: 'make vitest throw when a test uses a tag that is not defined in the config',
      pages: ['/config/stricttags', '/config/tags'],
      kind: 'question',
    },
    {
      question: 'long values in test.each titles get cut off',
      pages: ['/config/tasktitlevalueformattruncate'],
      kind: 'question',
    },
    {
      question: 'restore environment variables automatically after each test',
      pages: ['/config/unstubenvs', '/api/vi'],
      kind: 'question',
    },
    {
      question: 'rerun a test in watch mode when a template file it reads with fs changes',
      pages: ['/config/watchtriggerpatterns', '/guide/recipes/watch-templates'],
      kind: 'question',
    },
    {
      question: 'rerun the whole suite when a fixture file changes',
      pages: ['/config/forcereruntriggers'],
      kind: 'question',
    },
    {
      question: 'find timers and promises that keep running after the test file finished',
      pages: ['/config/detectasyncleaks'],
      kind: 'question',
    },
    {
      question: 'pass node flags like --expose-gc to the test workers',
      pages: ['/config/execargv'],
      kind: 'question',
    },
    {
      question: 'can I use __dirname and require in ESM test files?',
      pages: ['/config/injectcjsglobals'],
      kind: 'question',
    },
    {
      question: 'filter node_modules frames out of error stack traces',
      pages: ['/config/onstacktrace'],
      kind: 'question',
    },
    {
      question: 'hide skipped tests in the output',
      pages: ['/config/hideskippedtests'],
      kind: 'question',
    },
    {
      question: 'pass options to jsdom such as the page url',
      pages: ['/config/environmentoptions'],
      kind: 'question',
    },
    {
      question: 'where are files attached with context.annotate stored?',
      pages: ['/config/attachmentsdir', '/guide/test-annotations'],
      kind: 'question',
    },
    {
      question: 'use a custom test runner',
      pages: ['/config/runner', '/api/advanced/runner'],
      kind: 'question',
    },
    {
      question: 'custom snapshot environment for a runtime without Node.js fs',
      pages: ['/config/snapshotenvironment'],
      kind: 'question',
    },
    {
      question: 'change the viewport size of the browser iframe',
      pages: ['/config/browser/viewport'],
      kind: 'question',
    },
    {
      question: 'stop browser mode from taking a screenshot when a test fails',
      pages: ['/config/browser/screenshotfailures'],
      kind: 'question',
    },
    {
      question: 'use my own index.html for browser tests',
      pages: ['/config/browser/testerhtmlpath'],
      kind: 'question',
    },
    {
      question: 'browser tests fail because connecting to the browser takes too long',
      pages: ['/config/browser/connecttimeout'],
      kind: 'question',
    },
    {
      question: 'does the preview provider support headless mode?',
      pages: ['/config/browser/preview'],
      kind: 'question',
    },
    {
      question: 'run webdriverio headful chrome on CI',
      pages: ['/config/browser/webdriverio'],
      kind: 'question',
    },
    {
      question: 'read a file from disk inside a browser test',
      pages: ['/api/browser/commands'],
      kind: 'question',
    },
    {
      question: 'define a custom command that runs on the server in browser mode',
      pages: ['/api/browser/commands', '/config/browser/commands'],
      kind: 'question',
    },
    {
      question: 'take a screenshot of an element with page.screenshot',
      pages: ['/api/browser/context', '/api/browser/locators'],
      kind: 'question',
    },
    {
      question: 'see DOM snapshots of each step of a browser test',
      pages: ['/guide/browser/trace-view', '/config/browser/traceview'],
      kind: 'question',
    },
    {
      question: 'abort a fetch when vitest cancels the test',
      pages: ['/guide/recipes/cancellable', '/guide/test-context'],
      kind: 'question',
    },
    {
      question: 'restore spies automatically with the using keyword',
      pages: ['/guide/recipes/explicit-resources'],
      kind: 'question',
    },
    {
      question: 'assert an API response with a zod schema',
      pages: ['/guide/recipes/schema-matching'],
      kind: 'question',
    },
    {
      question: "why doesn't expect(x).toBeTruthy() narrow the type in TypeScript?",
      pages: ['/guide/recipes/type-narrowing'],
      kind: 'question',
    },
    {
      question: 'run specific test files in single-threaded mode while the other files run in parallel',
      pages: ['/guide/recipes/parallel-sequential'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/2852',
    },
    {
      question: 'disable isolation only for some test files',
      pages: ['/guide/recipes/disable-isolation', '/config/isolate'],
      kind: 'question',
    },
    {
      question: 'the failure points inside my assertion helper instead of the test that called it',
      pages: ['/guide/recipes/custom-assertions', '/api/vi'],
      kind: 'question',
    },
    {
      question: 'write a custom locator for a component that has no ARIA role',
      pages: ['/guide/recipes/browser-locators', '/api/browser/locators'],
      kind: 'question',
    },
    {
      question: 'get the duration and state of each test in a custom reporter',
      pages: ['/api/advanced/reporters', '/api/advanced/test-case'],
      kind: 'question',
    },
    {
      question: 'send custom data from a test to my reporter',
      pages: ['/api/advanced/metadata'],
      kind: 'question',
    },
    {
      question: 'write a vitest plugin that adds projects',
      pages: ['/api/advanced/plugin'],
      kind: 'question',
    },
    {
      question: 'I am new to testing, how do I write my first test?',
      pages: ['/guide/learn/writing-tests', '/guide/'],
      kind: 'question',
    },
    {
      question: 'what should I test and when should I use mocks?',
      pages: ['/guide/learn/testing-in-practice'],
      kind: 'question',
    },
    {
      question: 'tips for generating vitest tests with AI',
      pages: ['/guide/learn/writing-tests-with-ai'],
      kind: 'question',
    },
    {
      question: 'my test passes alone but fails when the whole suite runs',
      pages: ['/guide/learn/debugging-tests'],
      kind: 'question',
    },
    {
      question: 'snapshot has dates and ids that change on every run',
      pages: ['/guide/learn/snapshots'],
      kind: 'question',
    },
    {
      question: 'how do I set up browser mode with one command?',
      pages: ['/guide/cli', '/guide/browser/'],
      kind: 'question',
    },
    {
      question: 'shell autocompletion for the vitest cli',
      pages: ['/guide/cli'],
      kind: 'question',
    },
    {
      question: 'best practices for component testing',
      pages: ['/guide/browser/component-testing'],
      kind: 'question',
    },
    {
      question: 'render is async in vitest-browser-vue now',
      pages: ['/guide/migration', '/api/browser/vue'],
      kind: 'question',
    },
    { question: 'teardownTimeout', pages: ['/config/teardowntimeout'], kind: 'keywords' },
    { question: 'includeTaskLocation', pages: ['/config/includetasklocation'], kind: 'keywords' },
    { question: 'snapshotFormat options', pages: ['/config/snapshotformat'], kind: 'keywords' },
    { question: 'sharedViteServer', pages: ['/config/sharedviteserver'], kind: 'keywords' },
    { question: 'project name config', pages: ['/config/name', '/guide/projects'], kind: 'keywords' },
    { question: 'disableConsoleIntercept', pages: ['/config/disableconsoleintercept'], kind: 'keywords' },
    { question: 'assertType', pages: ['/api/assert-type', '/guide/testing-types'], kind: 'keywords' },
    { question: 'assert.deepEqual chai', pages: ['/api/assert'], kind: 'keywords' },
    { question: 'parseCLI', pages: ['/guide/advanced/'], kind: 'keywords' },
    { question: 'vitest doctor', pages: ['/guide/cli'], kind: 'keywords' },
    { question: 'svelte snippets render', pages: ['/api/browser/svelte'], kind: 'keywords' },
    { question: 'TestSpecification', pages: ['/api/advanced/test-specification'], kind: 'keywords' },
    { question: 'benchmark provider', pages: ['/guide/advanced/benchmark-provider'], kind: 'keywords' },
    // --- batch 5: more phrasing from issues, PRs and Stack Overflow ----------------------
    {
      question:
        'DEPRECATED  The workspace file is deprecated and will be removed in the next major. Please, use the `test.projects` field in vitest.config.mts instead.',
      pages: ['/guide/projects'],
      kind: 'error',
      source: 'https://github.com/cedarjs/cedar/pull/206',
    },
    {
      question:
        'Error: The first argument inside a fixture must use object destructuring pattern, e.g. ({ test } => {}). Instead, received "context".',
      pages: ['/guide/test-context'],
      kind: 'error',
      source: 'https://github.com/vitest-dev/vitest/issues/7611',
    },
    {
      question: 'coverage ignore comments /* v8 ignore if */ do not work',
      pages: ['/guide/coverage'],
      kind: 'question',
      source: 'https://github.com/angular/angular-cli/issues/32813',
    },
    {
      question: 'vi.mock inside a test only applies the first mock, how do I mock fs differently in each test?',
      pages: ['/api/vi', '/guide/mocking/modules'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1988',
    },
    {
      question: 'how to reset imported file after every test in vitest',
      pages: ['/api/vi'],
      kind: 'question',
      source: 'https://stackoverflow.com/questions/76644763/how-to-reset-imported-file-after-every-test-in-vitest',
    },
    {
      question: "jest.useFakeTimers().setSystemTime(new Date('2026-04-16T00:00:00.000Z'))",
      pages: ['/api/vi', '/guide/mocking/dates'],
      kind: 'jest',
      source: 'https://github.com/outline/outline/pull/12272',
    },
    {
      question: "I'm missing something like jest's setupFilesAfterEnv",
      pages: ['/config/setupfiles'],
      kind: 'jest',
      source: 'https://github.com/vitest-dev/vitest/issues/28',
    },
    {
      question: 'does the @jest-environment jsdom docblock still work?',
      pages: ['/config/environment'],
      kind: 'jest',
      source: 'https://github.com/stimulus-components/stimulus-components/pull/203',
    },
    {
      question: 'jest.mocked() equivalent',
      pages: ['/api/vi'],
      kind: 'jest',
      source: 'https://github.com/promptfoo/promptfoo/pull/6352',
    },
    {
      question:
        '[vitest] There was an error when mocking a module. If you are using "vi.mock" factory, make sure there are no top level variables inside, since this call is hoisted to top of the file.',
      pages: ['/api/vi'],
      kind: 'error',
      source: 'https://github.com/iii-hq/workers/pull/206',
    },
    {
      question:
        "Error: Cannot find module '/server/node_modules/edison/dist/esm/utils/board' imported from /server/node_modules/edison/dist/esm/index.mjs",
      pages: ['/guide/common-errors'],
      kind: 'error',
      source: 'https://github.com/edison-js/Edison/issues/50',
    },
    { question: 'vi.mock is hoisted', pages: ['/api/vi', '/guide/mocking'], kind: 'keywords' },
    { question: 'vitest workspce projects', pages: ['/guide/projects'], kind: 'typo' },
    { question: 'toStrictEquals undefined properties', pages: ['/api/expect'], kind: 'typo' },
    { question: 'coverge thresholds', pages: ['/config/coverage'], kind: 'typo' },
    { question: 'mock reuqests with msw', pages: ['/guide/mocking/requests'], kind: 'typo' },
    { question: 'brwoser locators getByRole', pages: ['/api/browser/locators'], kind: 'typo' },
    {
      question: 'how do snapshots behave when running in CI?',
      pages: ['/guide/snapshot', '/config/update'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/9694',
    },
    {
      question: 'show the full list of tests of a spec file in the terminal like jest --verbose does',
      pages: ['/guide/reporters'],
      kind: 'jest',
      source: 'https://github.com/vitest-dev/vitest/issues/3266',
    },
    {
      question: 'option to run test suites in parallel',
      pages: ['/api/describe', '/guide/parallelism'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/5893',
    },
    {
      question: 'do fake timers also mock new Date() and Date.now()?',
      pages: ['/api/vi', '/guide/mocking/dates'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/506',
    },
    {
      question: "MISSING DEPENDENCY  Cannot find dependency 'jsdom'",
      pages: ['/config/', '/config/environment'],
      kind: 'error',
      source: 'https://github.com/capricorn86/happy-dom/issues/1128',
    },
    {
      question: 'vi.mock ignored if module is imported in setup file',
      pages: ['/api/vi'],
      kind: 'question',
      source: 'https://github.com/vitest-dev/vitest/issues/1450',
    },
    {
      question: 'ReferenceError: ResizeObserver is not defined',
      pages: ['/guide/mocking/globals', '/api/vi'],
      kind: 'error',
      source: 'https://github.com/jsdom/jsdom/issues/3368',
    },
  ],
};

export default set;
