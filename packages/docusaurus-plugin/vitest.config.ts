import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The theme's modules that translate texts import Docusaurus' client API, which only a build provides.
  resolve: { alias: { '@docusaurus/Translate': fileURLToPath(new URL('./test-support/Translate.ts', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts'],
  },
});
