import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'happy-dom',
    // Unit tests never reach the network: links the loader adds stay unfetched.
    environmentOptions: { happyDOM: { settings: { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
