// The bench's VitePress 1.6 site: the Vite docs corpus (shared/corpus/vite, already VitePress
// Markdown) built four ways, each in its own root under bench/.sites/ (gitignored) with only the
// search changed. A build is reused while its inputs are unchanged (its build time is kept with it).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const packageDir = resolve(benchDir, '..');
export const repoRoot = resolve(packageDir, '../..');
const sitesDir = join(benchDir, '.sites');
const docsDir = join(sitesDir, 'docs');
export const INDEX_NAME = 'vite';
// The loopback server's defaults (DEFAULT_APP_ID / DEFAULT_API_KEY of @sitesearch/local).
const APP_ID = 'SITESEARCH';
const API_KEY = 'sitesearch-local-search-key';

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The corpus page without the Vite site's own Vue parts (its theme components are not in the corpus). */
function toBenchPage(source) {
  const out = [];
  let fence = null;
  for (const line of source.replace(/^<(script|style)\b[\s\S]*?^<\/\1>\s*/gm, '').split('\n')) {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1] : line.trim().startsWith(fence) ? null : fence;
    // `<<< ./file` snippet imports: the files are not in the corpus.
    if (fence === null && (/^\s*<<</.test(line) || /^\s*<\/?[A-Z][\w-]*(\s[^>]*)?\/?>\s*$/.test(line) || /^\s*<\/?VP\w+/.test(line))) continue;
    // A badge linking to the page's first heading, in a heading, makes VitePress's local search
    // index that section twice ("MiniSearch: duplicate ID"): the badge goes.
    if (fence === null && /^#/.test(line)) {
      out.push(line.replace(/\s*\[<Badge[^\]]*\]\([^)]*\)/g, ''));
      continue;
    }
    // Images go too: the corpus has the text only.
    out.push(fence === null ? line.replace(/<\/?(ScrimbaLink|NonInheritBadge|YouTubeVideo)\b[^>]*>|!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>/g, '') : line);
  }
  return out.join('\n');
}

/** Writes bench/.sites/docs/ from the corpus; returns the number of pages. */
export function writeDocs() {
  const corpus = resolve(repoRoot, '../shared/corpus/vite');
  if (!existsSync(corpus)) throw new Error(`the docs corpus is missing: expected ${corpus}`);
  rmSync(docsDir, { recursive: true, force: true });
  const files = markdownFiles(corpus);
  for (const file of files) {
    const target = join(docsDir, relative(corpus, file));
    mkdirSync(dirname(target), { recursive: true });
    let page = toBenchPage(readFileSync(file, 'utf8'));
    // The Vite home page is its own Vue landing: a plain home here.
    if (relative(corpus, file) === 'index.md') page = '---\ntitle: Vite\nlayout: home\nhero:\n  name: Vite\n  text: Next Generation Frontend Tooling\n---\n';
    writeFileSync(target, page);
  }
  return files.length;
}

const sidebar = () => {
  const group = (dir, text) => ({
    text,
    items: readdirSync(join(docsDir, dir))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => ({ text: name.replace(/\.md$/, ''), link: `/${dir}/${name.replace(/(index)?\.md$/, '')}` })),
  });
  return [group('guide', 'Guide'), group('config', 'Config'), group('plugins', 'Plugins'), group('blog', 'Blog')];
};

/** The four builds: `ours` says whether withSiteSearch wraps the config; `search` is themeConfig.search. */
export const VARIANTS = {
  'sitesearch-local': { ours: true, search: { provider: 'local' } },
  'sitesearch-hosted': { ours: true, search: { provider: 'algolia', options: { appId: APP_ID, apiKey: API_KEY, indexName: INDEX_NAME } } },
  'vitepress-local': { ours: false, search: { provider: 'local' } },
  'vitepress-algolia': { ours: false, search: { provider: 'algolia', options: { appId: APP_ID, apiKey: API_KEY, indexName: INDEX_NAME } } },
};

function configSource(variant) {
  const { ours, search } = VARIANTS[variant];
  const config = {
    title: 'Vite',
    lang: 'en-US',
    cleanUrls: true,
    ignoreDeadLinks: true,
    outDir: join(sitesDir, variant, 'dist'),
    cacheDir: join(sitesDir, variant, 'cache'),
    themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }, { text: 'Config', link: '/config/' }], sidebar: sidebar(), search },
  };
  const body = `defineConfig(${JSON.stringify(config, null, 2)})`;
  return `// Written by bench/site.mjs: the bench site with ${variant}.\nimport { defineConfig } from 'vitepress';\n${
    ours ? `import { withSiteSearch } from ${JSON.stringify(join(packageDir, 'dist/index.js'))};\nexport default withSiteSearch(${body});\n` : `export default ${body};\n`
  }`;
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

function fingerprint(variant, rootDir) {
  const hash = createHash('sha256');
  const inputs = [docsDir, join(packageDir, 'package.json')];
  if (VARIANTS[variant].ours) inputs.push(join(packageDir, 'dist'), join(repoRoot, 'packages/islands/dist'), join(repoRoot, 'packages/local/dist'));
  for (const file of inputs.flatMap(filesUnder)) hash.update(relative(sitesDir, file)).update(readFileSync(file));
  hash.update(configSource(variant));
  return hash.digest('hex');
}

/** Builds one variant unless its inputs are unchanged; returns its output folder and its build time. */
export function buildVariant(variant) {
  const siteDir = join(sitesDir, variant);
  const rootDir = join(siteDir, 'root');
  const outDir = join(siteDir, 'dist');
  const stamp = join(siteDir, 'build.json');
  const inputs = fingerprint(variant, rootDir);
  if (existsSync(stamp) && existsSync(outDir)) {
    const last = JSON.parse(readFileSync(stamp, 'utf8'));
    if (last.inputs === inputs) return { outDir, seconds: last.seconds, reused: true };
  }
  rmSync(rootDir, { recursive: true, force: true });
  cpSync(docsDir, rootDir, { recursive: true });
  mkdirSync(join(rootDir, '.vitepress/theme'), { recursive: true });
  // Media the pages link to (the Vite site's public/ is not in the corpus): empty files, so Vite resolves them.
  for (const file of filesUnder(rootDir)) {
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/(?:src="|href="|\]\()([\w./-]+\.(?:mp3|svg|png|jpe?g|webp|gif|mp4))/g)) {
      const target = path.startsWith('/') ? join(rootDir, 'public', path) : join(dirname(file), path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, '');
    }
  }
  writeFileSync(join(rootDir, '.vitepress/config.mjs'), configSource(variant));
  writeFileSync(
    join(rootDir, '.vitepress/theme/index.mjs'),
    VARIANTS[variant].ours ? `export { default } from ${JSON.stringify(join(packageDir, 'dist/theme/index.js'))};\n` : `export { default } from 'vitepress/theme';\n`,
  );
  const started = Date.now();
  execFileSync(process.execPath, [join(packageDir, 'node_modules/vitepress/bin/vitepress.js'), 'build', rootDir], { cwd: packageDir, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(stamp, JSON.stringify({ inputs, seconds }));
  return { outDir, seconds, reused: false };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`${writeDocs()} pages`);
  for (const variant of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(VARIANTS)) {
    const { seconds, reused } = buildVariant(variant);
    console.log(`${variant}: built in ${seconds.toFixed(1)} s${reused ? ' (reused)' : ''}`);
  }
}
