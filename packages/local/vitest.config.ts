import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // bench/: the evaluation's scoring and its question sets' validity (fast: no index build).
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
  },
});
