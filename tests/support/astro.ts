import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startCliServer, type CliServer } from './cliServer.js';
import { repoRoot } from './servers.js';

/**
 * The documentation site (`site/`) served by Astro itself: `astro preview` over the build that
 * `support/build-packages.mjs` made, or `astro dev` over the sources. Real servers on 127.0.0.1.
 */
export const siteDir = join(repoRoot, 'site');
/** The Starlight fixture (tests/fixtures/starlight): built once per run by build-packages.mjs. */
export const starlightDir = join(repoRoot, 'tests/fixtures/starlight');

export type AstroServer = CliServer;

/** Starts `astro preview` (built site) or `astro dev` of `dir` (the documentation site by default) and resolves once it answers HTTP. */
export async function startAstro(command: 'preview' | 'dev', dir: string = siteDir): Promise<AstroServer> {
  if (command === 'preview' && !existsSync(join(dir, 'dist/index.html'))) {
    throw new Error(`${dir}/dist is missing: run \`node tests/support/build-packages.mjs\` (pnpm test does) before the Astro suites.`);
  }
  return startCliServer(`astro ${command}`, {
    bin: join(dir, 'node_modules/astro/astro.js'),
    args: (port) => [command, '--host', '127.0.0.1', '--port', String(port)],
    cwd: dir,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
  });
}
