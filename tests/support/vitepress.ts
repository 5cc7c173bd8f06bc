import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, repoRoot } from './servers.js';

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
export async function startVitePressDev(): Promise<{ url: string; output: () => string; close(): Promise<void> }> {
  const port = await freePort();
  const bin = join(vitepressFixtureDir, 'node_modules/vitepress/bin/vitepress.js');
  const child: ChildProcess = spawn(process.execPath, [bin, 'dev', 'docs', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: vitepressFixtureDir,
    env: { ...process.env, NO_COLOR: '1', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`vitepress dev exited with ${code}:\n${output}`))));
  const ready = (async () => {
    while (child.exitCode === null) {
      if ((await fetch(url).catch(() => undefined))?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    output: () => output,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
