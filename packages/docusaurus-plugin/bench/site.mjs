// The bench's Docusaurus site: the Vite docs corpus (shared/corpus/vite, 57 pages) turned into
// Docusaurus docs, built once per search (ours with the local index, ours with the hosted
// provider, @docusaurus/theme-search-algolia, @easyops-cn/docusaurus-search-local) and once with
// no search, each with the classic preset and nothing else changed. Everything is written to bench/.sites/ (gitignored);
// a build is reused while its inputs are unchanged, since one takes minutes on a 2-core machine.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_KEY, DEFAULT_APP_ID } from '@sitesearch/local';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const packageDir = resolve(benchDir, '..');
const repoRoot = resolve(packageDir, '../..');
export const sitesDir = join(benchDir, '.sites');
const docsDir = join(sitesDir, 'docs');
export const INDEX_NAME = 'docs';

/** `<repo>/../shared/corpus/vite`, with a clear error when it is not there. */
function corpusDir() {
  const dir = resolve(repoRoot, '../shared/corpus/vite');
  if (!existsSync(dir)) throw new Error(`the docs corpus is missing: expected ${dir} (the shared folder beside the repository)`);
  return dir;
}

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return markdownFiles(full);
      return entry.name.endsWith('.md') ? [full] : [];
    });
}

const ADMONITIONS = { tip: 'tip', info: 'info', warning: 'warning', danger: 'danger', details: 'note', note: 'note', caution: 'caution', important: 'info' };

/**
 * VitePress Markdown → Docusaurus CommonMark (`.md`, `markdown.format: 'detect'`): containers
 * become admonitions (`::: tip Title` → `:::tip[Title]`; code groups lose their wrapper), Vue
 * `<script>`/`<style>` blocks and component lines go, frontmatter keeps only the title.
 * `{#id}` heading ids are Docusaurus syntax already.
 */
export function toDocusaurus(source) {
  let body = source;
  let title;
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(body);
  if (front) {
    title = /^title:\s*(.+)$/m.exec(front[1])?.[1]?.trim().replace(/^['"]|['"]$/g, '');
    body = body.slice(front[0].length);
  }
  body = body.replace(/<(script|style)\b[\s\S]*?<\/\1>\s*/g, '');
  const out = [];
  let fence = null;
  const open = []; // the containers open at this point: true if it became an admonition
  for (const line of body.split('\n')) {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1];
      else if (line.trim().startsWith(fence)) fence = null;
      out.push(line);
      continue;
    }
    if (fence !== null) {
      out.push(line);
      continue;
    }
    const container = /^\s*:::\s*([a-z-]+)\s*(.*)$/.exec(line);
    if (container) {
      const kind = ADMONITIONS[container[1]];
      open.push(Boolean(kind));
      if (kind) out.push('', container[2].trim() ? `:::${kind}[${container[2].trim().replace(/[[\]]/g, '')}]` : `:::${kind}`, '');
      continue;
    }
    if (/^\s*:::\s*$/.test(line)) {
      if (open.pop()) out.push('', ':::', '');
      continue;
    }
    // Vue components on lines of their own (<Home />, <ScrimbaLink …>, </VPTeamPage>).
    if (/^\s*<\/?[A-Z][\w-]*(\s[^>]*)?\/?>\s*$/.test(line) || /^\s*<\/?VP\w+/.test(line)) continue;
    out.push(line.replace(/<\/?(ScrimbaLink|Badge|NonInheritBadge|YouTubeVideo)\b[^>]*>/g, ''));
  }
  const text = out.join('\n').trim();
  const hasH1 = /^# /m.test(text);
  const head = title ? `---\ntitle: ${JSON.stringify(title)}\n---\n\n` : '';
  return `${head}${hasH1 || !title ? '' : `# ${title}\n\n`}${text || 'Vite documentation.'}\n`;
}

/** Writes bench/.sites/docs/ from the corpus; returns the number of pages. */
export function writeDocs() {
  const corpus = corpusDir();
  rmSync(docsDir, { recursive: true, force: true });
  const files = markdownFiles(corpus);
  for (const file of files) {
    const path = relative(corpus, file).split(sep).join('/');
    const target = join(docsDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, toDocusaurus(readFileSync(file, 'utf8')));
  }
  return files.length;
}

/** The four builds: what each adds to the same site. */
export const VARIANTS = {
  // No credentials: postBuild writes the local index to build/sitesearch/.
  'sitesearch-local': { themes: [packageDir], themeConfig: { sitesearch: {} } },
  'sitesearch-hosted': {
    themes: [packageDir],
    themeConfig: { sitesearch: { appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY, indices: [INDEX_NAME] } },
  },
  // The classic preset adds @docusaurus/theme-search-algolia when `algolia` is configured.
  'theme-search-algolia': { themes: [], themeConfig: { algolia: { appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY, indexName: INDEX_NAME } } },
  // The same site with no search at all: what each search adds is measured against it.
  'no-search': { themes: [], themeConfig: {} },
  'docusaurus-search-local': {
    themes: [['@easyops-cn/docusaurus-search-local', { indexBlog: false, docsRouteBasePath: '/' }]],
    themeConfig: {},
  },
};

function configSource(variant) {
  const { themes, themeConfig } = VARIANTS[variant];
  const config = {
    title: 'Vite',
    url: 'http://127.0.0.1',
    baseUrl: '/',
    // Links to Vite pages outside the corpus go nowhere; Vue-flavoured Markdown is read as CommonMark.
    onBrokenLinks: 'ignore',
    onBrokenAnchors: 'ignore',
    markdown: { format: 'detect', hooks: { onBrokenMarkdownLinks: 'ignore', onBrokenMarkdownImages: 'ignore' } },
    i18n: { defaultLocale: 'en', locales: ['en'] },
    presets: [['classic', { docs: { path: docsDir, routeBasePath: '/' }, blog: false, theme: {} }]],
    themes,
    themeConfig: {
      navbar: { title: 'Vite', items: [{ to: '/guide/', label: 'Guide', position: 'left' }, { to: '/config/', label: 'Config', position: 'left' }] },
      colorMode: { defaultMode: 'light', respectPrefersColorScheme: false },
      ...themeConfig,
    },
  };
  return `// Written by bench/site.mjs: the bench site with ${variant}.\nexport default ${JSON.stringify(config, null, 2)};\n`;
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** What a build depends on: the docs, the config, and for ours the theme and the islands/local builds it bundles. */
function fingerprint(variant, siteDir) {
  const hash = createHash('sha256');
  const inputs = [docsDir, join(siteDir, 'docusaurus.config.mjs'), join(packageDir, 'package.json')];
  if (variant.startsWith('sitesearch')) {
    inputs.push(join(packageDir, 'lib'), join(repoRoot, 'packages/islands/dist/react'), join(repoRoot, 'packages/islands/dist/styles'), join(repoRoot, 'packages/local/dist'));
  }
  for (const file of inputs.flatMap(filesUnder)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** Builds one variant (unless its last build had the same inputs); returns its build folder. */
export function buildVariant(variant) {
  const siteDir = join(sitesDir, variant);
  const outDir = join(siteDir, 'build');
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(join(siteDir, 'docusaurus.config.mjs'), configSource(variant));
  // A site's own package.json, without "type": "module": the files Docusaurus generates into
  // .docusaurus/ are CommonJS for webpack (require.resolveWeak), which this package's "type" would break.
  writeFileSync(join(siteDir, 'package.json'), `${JSON.stringify({ name: `bench-site-${variant}`, private: true }, null, 2)}\n`);
  const stamp = join(outDir, '.bench-inputs');
  const inputs = fingerprint(variant, siteDir);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return { outDir, seconds: 0 };
  const started = Date.now();
  const cli = join(packageDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const build = () =>
    execFileSync(process.execPath, [cli, 'build', siteDir, '--config', join(siteDir, 'docusaurus.config.mjs'), '--out-dir', outDir], {
      cwd: siteDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1' },
    });
  try {
    build();
  } catch {
    // Once more: a package rebuilt at the same moment (`pnpm build` elsewhere in the workspace)
    // leaves its dist/ or lib/ half-written for a few seconds; a second failure is real.
    console.error(`[bench] building ${variant} failed; trying once more in 30 s`);
    execFileSync('sleep', ['30']);
    build();
  }
  writeFileSync(stamp, inputs);
  return { outDir, seconds: (Date.now() - started) / 1000 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`${writeDocs()} pages`);
  for (const variant of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(VARIANTS)) {
    const { seconds } = buildVariant(variant);
    console.log(`${variant}: built in ${seconds.toFixed(0)} s`);
  }
}
