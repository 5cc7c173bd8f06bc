/**
 * Relevance set over the Vite docs: what a user types, and the page (and section, where it
 * matters) they want. Typos, partial words and API names included on purpose.
 */
export interface RelevanceQuery {
  query: string;
  /** Page path, e.g. `/config/server-options`. */
  page: string;
  /** Anchor of the wanted section, when the page alone is not the answer. */
  anchor?: string;
  kind: 'words' | 'api' | 'typo' | 'partial';
}

export const VITE_QUERIES: RelevanceQuery[] = [
  { query: 'server proxy', page: '/config/server-options', anchor: 'server-proxy', kind: 'words' },
  { query: 'proxy', page: '/config/server-options', anchor: 'server-proxy', kind: 'words' },
  { query: 'strictPort', page: '/config/server-options', anchor: 'server-strictport', kind: 'api' },
  { query: 'server.port', page: '/config/server-options', anchor: 'server-port', kind: 'api' },
  { query: 'allowedHosts', page: '/config/server-options', anchor: 'server-allowedhosts', kind: 'api' },
  { query: 'env variables', page: '/guide/env-and-mode', anchor: 'env-variables', kind: 'words' },
  { query: 'import.meta.env', page: '/guide/env-and-mode', kind: 'api' },
  { query: 'loadEnv', page: '/guide/api-javascript', anchor: 'loadenv', kind: 'api' },
  { query: 'createServer', page: '/guide/api-javascript', anchor: 'createserver', kind: 'api' },
  { query: 'mergeConfig', page: '/guide/api-javascript', anchor: 'mergeconfig', kind: 'api' },
  { query: 'hot module replacement', page: '/guide/features', anchor: 'hot-module-replacement', kind: 'words' },
  { query: 'hot.accept', page: '/guide/api-hmr', kind: 'api' },
  { query: 'HMR API', page: '/guide/api-hmr', kind: 'words' },
  { query: 'glob import', page: '/guide/features', anchor: 'glob-import', kind: 'words' },
  { query: 'import.meta.glob', page: '/guide/features', anchor: 'glob-import', kind: 'api' },
  { query: 'web workers', page: '/guide/features', anchor: 'web-workers', kind: 'words' },
  { query: 'webassembly', page: '/guide/features', anchor: 'webassembly', kind: 'words' },
  { query: 'json', page: '/guide/features', anchor: 'json', kind: 'words' },
  { query: 'library mode', page: '/guide/build', anchor: 'library-mode', kind: 'words' },
  { query: 'multi page app', page: '/guide/build', anchor: 'multi-page-app', kind: 'words' },
  { query: 'public base path', page: '/guide/build', anchor: 'public-base-path', kind: 'words' },
  { query: 'browser compatibility', page: '/guide/build', anchor: 'browser-compatibility', kind: 'words' },
  { query: 'resolve.alias', page: '/config/shared-options', anchor: 'resolve-alias', kind: 'api' },
  { query: 'alias', page: '/config/shared-options', anchor: 'resolve-alias', kind: 'words' },
  { query: 'publicDir', page: '/config/shared-options', anchor: 'publicdir', kind: 'api' },
  { query: 'outDir', page: '/config/build-options', anchor: 'build-outdir', kind: 'api' },
  { query: 'build sourcemap', page: '/config/build-options', anchor: 'build-sourcemap', kind: 'words' },
  { query: 'assetsInlineLimit', page: '/config/build-options', anchor: 'build-assetsinlinelimit', kind: 'api' },
  { query: 'build target', page: '/config/build-options', anchor: 'build-target', kind: 'words' },
  { query: 'optimizeDeps include', page: '/config/dep-optimization-options', anchor: 'optimizedeps-include', kind: 'api' },
  { query: 'dependency pre-bundling', page: '/guide/dep-pre-bundling', kind: 'words' },
  { query: 'deploy github pages', page: '/guide/static-deploy', anchor: 'github-pages', kind: 'words' },
  { query: 'netlify', page: '/guide/static-deploy', anchor: 'netlify', kind: 'words' },
  { query: 'ssr externals', page: '/guide/ssr', anchor: 'ssr-externals', kind: 'words' },
  { query: 'server side rendering', page: '/guide/ssr', kind: 'words' },
  { query: 'configureServer', page: '/guide/api-plugin', anchor: 'configureserver', kind: 'api' },
  { query: 'transformIndexHtml', page: '/guide/api-plugin', anchor: 'transformindexhtml', kind: 'api' },
  { query: 'plugin ordering', page: '/guide/using-plugins', anchor: 'enforcing-plugin-ordering', kind: 'words' },
  { query: 'ENOSPC', page: '/guide/troubleshooting', kind: 'api' },
  { query: 'barrel files', page: '/guide/performance', anchor: 'avoid-barrel-files', kind: 'words' },
  { query: 'preview port', page: '/config/preview-options', anchor: 'preview-port', kind: 'words' },
  { query: 'worker format', page: '/config/worker-options', anchor: 'worker-format', kind: 'words' },
  { query: 'backend integration', page: '/guide/backend-integration', kind: 'words' },
  { query: 'why vite', page: '/guide/why', kind: 'words' },
  // The docs' word is an abbreviation of the one typed ("Env Variables", `build.outDir`), and back.
  { query: 'environment variables', page: '/guide/env-and-mode', kind: 'words' },
  { query: 'output directory', page: '/config/build-options', anchor: 'build-outdir', kind: 'words' },
  { query: 'development server port', page: '/config/server-options', anchor: 'server-port', kind: 'words' },
  { query: 'sever proxy', page: '/config/server-options', anchor: 'server-proxy', kind: 'typo' },
  { query: 'libary mode', page: '/guide/build', anchor: 'library-mode', kind: 'typo' },
  { query: 'typscript', page: '/guide/features', anchor: 'typescript', kind: 'typo' },
  { query: 'enviroment variables', page: '/guide/env-and-mode', kind: 'typo' },
  { query: 'sourcemaps', page: '/config/build-options', anchor: 'build-sourcemap', kind: 'typo' },
  { query: 'optimizeDe', page: '/config/dep-optimization-options', kind: 'partial' },
  { query: 'transformIndex', page: '/guide/api-plugin', anchor: 'transformindexhtml', kind: 'partial' },
  { query: 'static depl', page: '/guide/static-deploy', kind: 'partial' },
  { query: 'glob imp', page: '/guide/features', anchor: 'glob-import', kind: 'partial' },
];

/** Typical searches over the Vitest docs, for latency: each is also typed letter by letter. */
export const VITEST_QUERIES = [
  'mock',
  'vi.fn',
  'snapshot',
  'coverage',
  'beforeEach',
  'browser mode',
  'toMatchInlineSnapshot',
  'test.each',
  'environment jsdom',
  'workspace projects',
  'fake timers',
  'vi.spyOn',
  'reporters',
  'type checking',
  'in-source testing',
  'setupFiles',
  'expect.poll',
  'mocking modules',
  'debugging',
  'cli options',
];
