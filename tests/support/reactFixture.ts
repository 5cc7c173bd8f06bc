import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './servers.js';

export type ReactFlavour = 'react-19' | 'react-18';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => join(require.resolve(`${name}/package.json`), '..');

/**
 * Builds the React fixture for one React major: a client bundle that hydrates the app, and a
 * server bundle that renders it with `react-dom/server`. Both resolve every `react` import to the
 * same copy, so the page really runs on the React version under test.
 */
export async function buildReactFixture(flavour: ReactFlavour, fixtureName = 'react'): Promise<{ renderPage(search?: string): string; scriptUrl: string }> {
  const [react, reactDom] = flavour === 'react-18' ? ['react-18', 'react-dom-18'] : ['react', 'react-dom'];
  const alias = { react: packageDir(react), 'react-dom': packageDir(reactDom) };
  // Another fixture folder (tests/fixtures/<fixtureName>, same client.tsx/server.tsx layout) builds beside the default one.
  const builtName = fixtureName === 'react' ? flavour : `${fixtureName}-${flavour}`;
  const outdir = join(repoRoot, 'tests/.fixtures', builtName);
  const fixture = join(repoRoot, 'tests/fixtures', fixtureName);
  await Promise.all([
    build({ entryPoints: [join(fixture, 'client.tsx')], outdir, bundle: true, splitting: true, format: 'esm', jsx: 'automatic', alias, logLevel: 'error', define: { 'process.env.NODE_ENV': '"development"' } }),
    build({ entryPoints: [join(fixture, 'server.tsx')], outfile: join(outdir, 'server.cjs'), bundle: true, platform: 'node', format: 'cjs', jsx: 'automatic', alias, logLevel: 'error' }),
  ]);
  const server = require(join(outdir, 'server.cjs')) as { renderPage(script: string, search?: string): string };
  const scriptUrl = `/built/${builtName}/client.js`;
  // `search` (the request's query string) lets a fixture render the variant a URL asks for.
  return { renderPage: (search?: string) => server.renderPage(scriptUrl, search), scriptUrl };
}
