import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startCliServer, type CliServer } from './cliServer.js';
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

export const vitepressFixtureDir = join(repoRoot, 'tests/fixtures/vitepress');

/** `vitepress dev` of the fixture on a free port of 127.0.0.1, once it answers. */
export function startVitePressDev(): Promise<CliServer> {
  return startCliServer('vitepress dev', {
    bin: join(vitepressFixtureDir, 'node_modules/vitepress/bin/vitepress.js'),
    args: (port) => ['dev', 'docs', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    cwd: vitepressFixtureDir,
  });
}
