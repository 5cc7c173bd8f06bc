import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './servers.js';

/** The VitePress fixture (tests/fixtures/vitepress) as `vitepress build` wrote it: ours (local index) or the DocSearch drop-in. */
export const vitepressDirs = {
  local: join(repoRoot, 'tests/fixtures/vitepress/docs/.vitepress/dist'),
  docsearch: join(repoRoot, 'tests/fixtures/vitepress/docs/.vitepress/dist-docsearch'),
};

/**
 * Builds the fixture when it is not built (build-packages.mjs builds both before the suites;
 * this is for a spec run alone).
 */
export function builtVitePress(variant: keyof typeof vitepressDirs): string {
  if (!existsSync(join(vitepressDirs[variant], 'index.html'))) buildVitePress(variant);
  return vitepressDirs[variant];
}

export function buildVitePress(variant: keyof typeof vitepressDirs): void {
  execFileSync('pnpm', ['--filter', '@sitesearch/fixture-vitepress', 'run', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, SITESEARCH_FIXTURE: variant === 'docsearch' ? 'docsearch' : '' },
  });
}
