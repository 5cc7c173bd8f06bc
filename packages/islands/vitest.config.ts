import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  resolve: {
    // The local transport imports the local assistant, which @sitesearch/local exports from its
    // built dist/ only; tests read its source so they run on a fresh clone with nothing built.
    alias: { '@sitesearch/local/assistant': fileURLToPath(new URL('../local/src/assistant/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'happy-dom',
    // Unit tests never reach the network: links the loader adds stay unfetched.
    environmentOptions: { happyDOM: { settings: { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
