import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, repoRoot } from './servers.js';

/**
 * The documentation site (`site/`) served by Astro itself: `astro preview` over the build that
 * `support/build-packages.mjs` made, or `astro dev` over the sources. Real servers on 127.0.0.1.
 */
export const siteDir = join(repoRoot, 'site');
/** The Starlight fixture (tests/fixtures/starlight): built once per run by build-packages.mjs. */
export const starlightDir = join(repoRoot, 'tests/fixtures/starlight');

export interface AstroServer {
  url: string;
  /** Everything the server printed (for failure messages). */
  output(): string;
  close(): Promise<void>;
}


/** Starts `astro preview` (built site) or `astro dev` of `dir` (the documentation site by default) and resolves once it answers HTTP. */
export async function startAstro(command: 'preview' | 'dev', dir: string = siteDir): Promise<AstroServer> {
  const astroBin = join(dir, 'node_modules/astro/astro.js');
  if (command === 'preview' && !existsSync(join(dir, 'dist/index.html'))) {
    throw new Error(`${dir}/dist is missing: run \`node tests/support/build-packages.mjs\` (pnpm test does) before the Astro suites.`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [astroBin, command, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`astro ${command} exited with ${code}:\n${output}`))));
  const ready = (async () => {
    while (child.exitCode === null) {
      const response = await fetch(url).catch(() => undefined);
      if (response?.ok) return;
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
        child.kill('SIGTERM');
      }),
  };
}
