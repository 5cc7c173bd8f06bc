/**
 * A user's project on disk, as `npm install` would leave it: its own folder, and a node_modules
 * whose packages are the workspace's built packages (their `exports`, their `.d.ts`) and the
 * versions of astro, Starlight, react and algoliasearch the workspace tests with. Nothing from the
 * repository's sources is visible to it.
 */
import { existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** Where each package a snippet may import comes from: a folder whose node_modules has it. */
const PACKAGES: Array<[name: string, from: string]> = [
  ['@sitesearch/islands', 'tests'],
  ['@sitesearch/local', 'tests'],
  ['@sitesearch/astro', 'site'],
  ['@sitesearch/docusaurus', 'tests/fixtures/docusaurus'],
  ['@docusaurus/types', 'packages/docusaurus-plugin'],
  ['@docusaurus/preset-classic', 'packages/docusaurus-plugin'],
  ['astro', 'packages/astro-integration'],
  ['@astrojs/starlight', 'packages/astro-integration'],
  ['algoliasearch', 'tests'],
  ['react', 'tests'],
  ['react-dom', 'tests'],
  ['@types/react', 'tests'],
  ['@types/react-dom', 'tests'],
];

/** The real folder of an installed package. */
function packageDir(name: string, from: string): string {
  const require = createRequire(join(repoRoot, from, 'package.json'));
  const base = join(repoRoot, from, 'node_modules', name);
  if (existsSync(base)) return realpathSync(base);
  return dirname(require.resolve(`${name}/package.json`));
}

/** Creates (afresh) a project folder with `files` and the node_modules above. */
export function createProject(dir: string, files: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, from] of PACKAGES) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(packageDir(name, from), link, 'dir');
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'docs-snippets', private: true, type: 'module' }, null, 2));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
