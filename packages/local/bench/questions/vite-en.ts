/**
 * Questions over the Vite docs (`shared/corpus/vite`, the Vite 8 docs) in the words of real
 * users: the phrasing of each is taken from the issue, discussion or Q&A thread in `source`
 * (trimmed of project names and long paths, typos kept), never its answer. Each expected page was
 * checked by reading it in the corpus: it answers the question (the first page is the best one).
 * Written before running our engine on any of them.
 */
import type { EvalSet } from './types.js';

export const viteEn: EvalSet = {
  name: 'vite-en',
  corpus: 'vite',
  questions: [
    // ---- pasted errors and warnings
    {
      question: '[vite] Internal server error: Failed to resolve import "@/App.vue". Does the file exist?',
      pages: ['/config/shared-options'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/1882',
    },
    {
      question: "Uncaught SyntaxError: The requested module '/node_modules/.vite/deps/socket.io-client.js' does not provide an export named 'default'",
      pages: ['/guide/dep-pre-bundling', '/guide/troubleshooting', '/config/dep-optimization-options'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/1739',
    },
    {
      question: 'Uncaught ReferenceError: process is not defined',
      pages: ['/guide/env-and-mode', '/config/shared-options'],
      kind: 'error',
      source: 'https://github.com/graffle-js/graffle/issues/1291',
    },
    {
      question: '(!) Some chunks are larger than 500 kB after minification',
      pages: ['/config/build-options', '/guide/build'],
      kind: 'error',
      source: 'https://github.com/reposense/RepoSense/issues/2326',
    },
    {
      question: 'Blocked request. This host ("xxx.net") is not allowed. To allow this host, add "xxx.net" to `server.allowedHosts` in vite.config.js.',
      pages: ['/config/server-options', '/config/preview-options'],
      kind: 'error',
      source: 'https://github.com/Niek/chatgpt-web/issues/557',
    },
    {
      question: 'The request url "/Users/allen/turborepo/node_modules/@docsearch/css/dist/style.css" is outside of Vite serving allow list.',
      pages: ['/config/server-options'],
      kind: 'error',
      source: 'https://github.com/vuejs/vitepress/issues/1480',
    },
    {
      question: '[vite] ✨ new dependencies optimized: qr-scanner ✨ optimized dependencies changed. reloading',
      pages: ['/guide/dep-pre-bundling', '/config/dep-optimization-options'],
      kind: 'error',
      source: 'https://github.com/MutinyWallet/mutiny-web/issues/51',
    },
    {
      question: '(!) outDir /project/packages/devtools-panel/dist is not inside project root and will not be emptied. Use --emptyOutDir to override.',
      pages: ['/config/build-options', '/guide/cli'],
      kind: 'error',
      source: 'https://github.com/Jonghakseo/chrome-extension-boilerplate-react-vite/issues/526',
    },
    {
      question: 'TypeError: Failed to fetch dynamically imported module',
      pages: ['/guide/troubleshooting', '/guide/build'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/11804',
    },
    {
      question: 'Uncaught Error: Module "fs" has been externalized for browser compatibility. Cannot access "fs.realpath" in client code.',
      pages: ['/guide/troubleshooting'],
      kind: 'error',
      source: 'https://github.com/vite-plugin/vite-plugin-dynamic-import/issues/26',
    },
    {
      question: "Blank page after build: Access to script at 'file:///E:/Projetos/dist/assets/index-c43d85c5.js' from origin 'null' has been blocked by CORS policy",
      pages: ['/guide/troubleshooting', '/guide/static-deploy'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/13201',
    },
    {
      question: 'Error: ENOSPC: System limit for number of file watchers reached',
      pages: ['/guide/troubleshooting', '/config/server-options'],
      kind: 'error',
      source: 'https://github.com/huggingface/chat-ui/issues/420',
    },
    {
      question: 'Error [ERR_REQUIRE_ESM]: require() of ES Module node_modules/@vituum/vite-plugin-liquid/index.js from vite.config.js not supported.',
      pages: ['/guide/troubleshooting'],
      kind: 'error',
      source: 'https://github.com/vituum/vite-plugin-liquid/issues/1',
    },
    {
      question: 'Uncaught Error: Unknown variable dynamic import',
      pages: ['/guide/features', '/config/build-options'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/4945',
    },
    {
      question: "failed to load config from vite.config.js TypeError: Cannot read property 'VITE_PUBLIC_PATH' of undefined",
      pages: ['/config/', '/guide/env-and-mode'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/7430',
    },
    {
      question: 'Invalid glob import syntax: pattern must start with "." or "/"',
      pages: ['/guide/features'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/5961',
    },
    {
      question: '[vite:load-fallback] Could not load src/components/PlaceholderPattern.svelte: ENOENT: no such file or directory',
      pages: ['/guide/troubleshooting'],
      kind: 'error',
      source: 'https://github.com/oseughu/svelte-starter-kit/issues/19',
    },
    {
      question: 'Uncaught SyntaxError: Unexpected token ? in old Chrome after build',
      pages: ['/guide/build', '/config/build-options'],
      kind: 'error',
      source: 'https://github.com/vitejs/vite/issues/14175',
    },

    // ---- questions in full sentences
    {
      question: 'Failed to resolve imports from aliased paths in tsconfig.json',
      pages: ['/config/shared-options', '/guide/features'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/13045',
    },
    {
      question: 'I want to load environment variables from a .env file but import.meta.env.TEST_VAR returns undefined',
      pages: ['/guide/env-and-mode'],
      kind: 'question',
      source: 'https://openillumi.com/en/en-vite-env-variable-undefined-fix',
    },
    {
      question: 'env variables not accessible in vite.config.js',
      pages: ['/config/', '/guide/api-javascript'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/1930',
    },
    {
      question: 'process.env.NODE_ENV is undefined in vite.config.js',
      pages: ['/guide/env-and-mode', '/config/'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/5935',
    },
    {
      question: 'Need to load environment variable files for different modes?',
      pages: ['/guide/env-and-mode'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/213',
    },
    {
      question: 'How to expose to other computer on the network?',
      pages: ['/config/server-options', '/guide/cli'],
      kind: 'question',
      source: 'https://github.com/Niek/chatgpt-web/issues/5',
    },
    {
      question: 'Got 404 page on gh-page deployment',
      pages: ['/guide/static-deploy', '/config/shared-options', '/guide/build'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/19614',
    },
    {
      question: 'npm run build results in bad links on index.html page to scripts, anything in /assets',
      pages: ['/guide/build', '/config/shared-options'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/13444',
    },
    {
      question: 'Is it possible to use vite to build a component library?',
      pages: ['/guide/build', '/config/build-options'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/523',
    },
    {
      question: 'How to use multiple html pages?',
      pages: ['/guide/build'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/777',
    },
    {
      question: 'Pre-bundled dependencies used over locally linked dependency',
      pages: ['/guide/dep-pre-bundling', '/guide/troubleshooting'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/6718',
    },
    {
      question: 'Use ExpressJs as dev server',
      pages: ['/guide/ssr', '/config/server-options', '/guide/api-javascript'],
      kind: 'question',
      source: 'https://github.com/frandiox/vitesse-ssr-template/issues/9',
    },
    {
      question: 'Does vite provide a require.context-like API?',
      pages: ['/guide/features'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/77',
    },
    {
      question: 'vite build ignores TypeScript errors',
      pages: ['/guide/features'],
      kind: 'question',
      source: 'https://github.com/gear-tech/gear-js/issues/1726',
    },
    {
      question: 'Page reload on dev server is very slow in large codebase',
      pages: ['/guide/performance'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/7608',
    },
    {
      question: 'vite:asset builtin plugin is too eager, prevents user plugins from processing files',
      pages: ['/guide/api-plugin', '/guide/using-plugins'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/2351',
    },
    {
      question: 'How to support safari 10?',
      pages: ['/guide/build', '/config/build-options'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/4832',
    },
    {
      question: 'Proxy does not work, requests to /api still go to the dev server',
      pages: ['/config/server-options'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/3475',
    },
    {
      question: 'What about just having a plain string text to import markdown files?',
      pages: ['/guide/assets'],
      kind: 'question',
      source: 'https://github.com/hmsk/vite-plugin-markdown/issues/364',
    },
    {
      question: 'dynamic import does not work when using a variable?',
      pages: ['/guide/features'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/12962',
    },
    {
      question: 'Components with circular dependency breaks HMR, the page fully reloads',
      pages: ['/guide/troubleshooting'],
      kind: 'question',
      source: 'https://github.com/huntabyte/shadcn-svelte/issues/1281',
    },
    {
      question: 'Ability to import WebWorkers',
      pages: ['/guide/features', '/guide/assets'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/403',
    },
    {
      question: 'HMR not working in Docker, file change is not detected',
      pages: ['/config/server-options', '/guide/troubleshooting'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/16143',
    },
    {
      question: 'There is a problem with the case of the file name when importing JavaScript files',
      pages: ['/guide/troubleshooting'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/9464',
    },
    {
      question: 'Any warning about build.outDir？',
      pages: ['/config/build-options'],
      kind: 'question',
      source: 'https://github.com/vitejs/vite/issues/1501',
    },
    {
      question: 'I tried npm run dev --host but it does not work',
      pages: ['/guide/cli', '/config/server-options'],
      kind: 'question',
      source: 'https://github.com/sktzofrenic/printmechecks/issues/12',
    },

    // ---- typos, kept as typed
    {
      question: 'Vite HRM is not work in WSL2',
      pages: ['/config/server-options', '/guide/troubleshooting'],
      kind: 'typo',
      source: 'https://github.com/vitejs/vite/issues/611',
    },
    {
      question: 'Some chunks are larger than 500kb after modification',
      pages: ['/config/build-options', '/guide/build'],
      kind: 'typo',
      source: 'https://github.com/troisjs/trois/issues/68',
    },
    {
      question: 'Environment Variable is not working, the .env file is in the root and with preflix',
      pages: ['/guide/env-and-mode'],
      kind: 'typo',
      source: 'https://github.com/vitejs/vite/issues/15776',
    },

    // ---- keyword fragments, as typed into a search box
    {
      question: 'Vite Library Mode',
      pages: ['/guide/build', '/config/build-options'],
      kind: 'keywords',
      source: 'https://github.com/reaviz/reagraph/issues/78',
    },
    {
      question: 'Vite enable host',
      pages: ['/config/server-options', '/guide/cli'],
      kind: 'keywords',
      source: 'https://github.com/digitalfabrik/entitlementcard/pull/2929',
    },
    {
      question: 'vite dependency optimization',
      pages: ['/guide/dep-pre-bundling', '/config/dep-optimization-options'],
      kind: 'keywords',
      source: 'https://github.com/hicommonwealth/commonwealth/issues/9295',
    },
    {
      question: 'backend integration in development manifest.json',
      pages: ['/guide/backend-integration'],
      kind: 'keywords',
      source: 'https://github.com/vitejs/vite/issues/2908',
    },
    {
      question: 'set plugin ordering vite',
      pages: ['/guide/api-plugin', '/guide/using-plugins'],
      kind: 'keywords',
      source: 'https://github.com/GoogleChromeLabs/rollup-plugin-webbundle/pull/13',
    },
    {
      question: 'disable hmr overlay',
      pages: ['/config/server-options'],
      kind: 'keywords',
      source: 'https://github.com/vitejs/vite/issues/11470',
    },

    // ---- a config option or API word people paste alone
    {
      question: 'build.rollupOptions.output.manualChunks',
      pages: ['/guide/build', '/guide/migration', '/config/build-options'],
      kind: 'inline-word',
      source: 'https://github.com/oxc-project/playground/issues/150',
    },
    {
      question: 'import.meta.glob eager',
      pages: ['/guide/features'],
      kind: 'inline-word',
      source: 'https://github.com/skryukov/rails_vite/issues/9',
    },
    {
      question: 'server.fs.allow',
      pages: ['/config/server-options'],
      kind: 'inline-word',
      source: 'https://github.com/kiwilan/nuxt-svg-transformer/issues/4',
    },
    {
      question: 'emptyOutDir',
      pages: ['/config/build-options', '/guide/cli'],
      kind: 'inline-word',
      source: 'https://github.com/microsoft/playwright/pull/33576',
    },

    // ---- a section title, as remembered
    {
      question: 'Monorepos and Linked Dependencies',
      pages: ['/guide/dep-pre-bundling'],
      kind: 'heading',
      source: 'https://github.com/vitejs/vite/issues/10447',
    },
    {
      question: 'Using Vite on Windows Subsystem for Linux (WSL) 2',
      pages: ['/config/server-options'],
      kind: 'heading',
      source: 'https://github.com/evidence-dev/evidence/issues/1340',
    },
  ],
};
