/**
 * `@sitesearch/astro`: SiteSearch for Astro sites.
 *
 *   integrations: [sitesearch({ indices: ['docs'] })]   // + <SiteSearch /> where the button goes
 *
 * Options are validated here, once, when the config loads. The loader goes on every page (a
 * few KB: shortcuts and intent); the widget, the full options and the search client load on
 * the first interaction. Without `appId`/`apiKey` the built pages are indexed in
 * `astro:build:done` and searched in the browser; `astro dev` indexes its own pages on demand.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { chooseChatBackend } from '@sitesearch/islands/core';
import { buildSiteIndex, releasePostNote, resolveSynonyms, type SynonymHit } from '@sitesearch/local';
import { LATE_CLIENT_DEPENDENCIES } from '@sitesearch/local/dev';
import type { SiteSearchAstroOptions } from './config-types.js';
import { createDevIndex } from './dev-index.js';
import { clientConfig, shellConfig, sourceError, validateIntegrationOptions, type OptionSource, type ValidatedIntegrationOptions } from './options.js';
import { pushHint } from './push-hint.js';
import type { PageTexts } from './starlight/texts.js';
import { virtualModulesPlugin } from './vite-plugin.js';

export type { SiteSearchAstroOptions, SerializableSiteSearchOptions, SerializableSidepanelOptions, SidepanelShellConfig, LocalIndexOptions, ClientConfig, ShellConfig } from './config-types.js';
export type { SiteSearchComponentProps, SidepanelComponentProps } from './page-options.js';

const require = createRequire(import.meta.url);
/** Absolute paths, so injected imports resolve even where the site cannot see our dependencies (pnpm). */
const BUTTON_CSS = require.resolve('@sitesearch/islands/button.css');
/** The Sidepanel trigger's styles: linked only on sites that configure `sidepanel`. */
const SIDEPANEL_BUTTON_CSS = require.resolve('@sitesearch/islands/sidepanel-button.css');
const LOADER = fileURLToPath(new URL('./client/loader.js', import.meta.url));

const DEV_PREBUNDLED = [
  ...['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/jsx-runtime', 'htm', 'algoliasearch/lite'].map((id) => `@sitesearch/astro > @sitesearch/islands > ${id}`),
  // The local client imports a stemmer only for the index's languages, at the first search: found
  // then, it too would make Vite reload the page mid-search (the astro dev test caught it).
  ...LATE_CLIENT_DEPENDENCIES.map((id) => `@sitesearch/astro > @sitesearch/local > ${id}`),
];

const CHAT_BACKEND_LABEL = {
  local: 'the local assistant answers in the browser from the search index (no account, no server)',
  assistant: 'the assistant backend answers (askAi credentials or askAi.baseUrl)',
  agent: 'the agent backend answers (askAi.agentStudio: true)',
} as const;

const SIDEPANEL_BACKEND_LABEL = {
  local: 'the local assistant answers in the browser from the search index',
  assistant: 'the assistant backend answers (credentials or baseUrl)',
  agent: 'the agent backend answers (agentStudio: true)',
} as const;

export default function sitesearch(options: SiteSearchAstroOptions = {}): AstroIntegration {
  // Validate at once: a mistake stops `astro dev`/`astro build` with the option's name.
  return integrationFor(validateIntegrationOptions(options), 'the Astro config');
}

/**
 * The integration over options already validated: the Starlight plugin validates its own options
 * (errors naming the Starlight config) and installs this same integration with them, and with
 * the texts by page language its widgets pick from.
 */
export function integrationFor(validated: ValidatedIntegrationOptions, source: OptionSource, pageTexts: PageTexts | null = null): AstroIntegration {
  let base = '/';
  let trailingSlash: 'always' | 'never' | 'ignore' = 'ignore';
  let staticRoutes: string[] = [];
  /** `localIndex.synonyms`, read and checked once the project root is known. */
  let synonyms: SynonymHit[] | undefined;

  return {
    name: '@sitesearch/astro',
    hooks: {
      'astro:config:setup'({ config, command, injectScript, updateConfig, addWatchFile, logger }) {
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        trailingSlash = config.trailingSlash;
        const root = fileURLToPath(config.root);
        if (validated.local && validated.localIndex?.synonyms !== undefined) {
          try {
            synonyms = resolveSynonyms(validated.localIndex.synonyms, root, 'option "localIndex.synonyms"');
          } catch (error) {
            throw sourceError(source, `${(error as Error).message}.`);
          }
          if (typeof validated.localIndex.synonyms === 'string') addWatchFile(resolve(root, validated.localIndex.synonyms));
        }
        let clientOptionsModule: string | undefined;
        if (validated.clientOptionsModule) {
          clientOptionsModule = isAbsolute(validated.clientOptionsModule) ? validated.clientOptionsModule : resolve(root, validated.clientOptionsModule);
          if (!existsSync(clientOptionsModule)) {
            throw sourceError(source, `option "clientOptionsModule" names ${JSON.stringify(validated.clientOptionsModule)}, but there is no file at ${clientOptionsModule}.`);
          }
          addWatchFile(clientOptionsModule);
        }
        updateConfig({
          vite: {
            plugins: [virtualModulesPlugin(shellConfig(validated), clientConfig(validated, base), clientOptionsModule, pageTexts)],
            // The component ships as .astro source and the client code imports virtual modules:
            // both must go through Vite, never be externalized or pre-bundled as plain deps.
            ssr: { noExternal: ['@sitesearch/astro'] },
            // The widget's own dependencies are pre-bundled up front: found only when the widget
            // first loads, they would make Vite reload the page in the middle of a search.
            optimizeDeps: { exclude: ['@sitesearch/astro'], include: DEV_PREBUNDLED },
          },
        });
        injectScript('page-ssr', `import ${JSON.stringify(BUTTON_CSS)};`);
        // Before any interaction too (the trigger is server-rendered), but a modal-only site never loads it.
        if (validated.sidepanel) injectScript('page-ssr', `import ${JSON.stringify(SIDEPANEL_BUTTON_CSS)};`);
        injectScript('page', `import ${JSON.stringify(LOADER)};`);
        // Which backend answers Ask AI is decided by the options alone; saying it once spares a
        // reader from wondering why no request leaves the browser (or why one does).
        if (validated.chatBackend) logger.info(`Ask AI: ${CHAT_BACKEND_LABEL[validated.chatBackend]}.`);
        if (validated.sidepanel) logger.info(`Sidepanel: ${SIDEPANEL_BACKEND_LABEL[chooseChatBackend(validated.sidepanel.resolved)]}.`);
        if (command === 'build' && validated.local && config.output === 'server') {
          logger.warn('with output: "server", only prerendered pages are indexed for search.');
        }
      },

      'astro:routes:resolved'({ routes }) {
        staticRoutes = routes
          .filter((route) => route.type === 'page' && route.params.length === 0 && route.origin !== 'internal')
          // Pages link to `/a/`; crawling `/a` as well would fetch every page twice.
          .map((route) => (trailingSlash === 'never' || /\.[a-z0-9]+$/i.test(route.pattern) ? route.pattern : route.pattern.replace(/\/?$/, '/')));
      },

      'astro:server:setup'({ server, logger }) {
        if (!validated.local) return;
        const devIndex = createDevIndex({
          base,
          routes: () => staticRoutes.map((pattern) => (pattern.startsWith(base) ? pattern : `${base}${pattern.replace(/^\//, '')}`)),
          localIndex: validated.localIndex,
          synonyms,
          log: logger,
        });
        server.middlewares.use(devIndex.middleware);
        // Any edit may change page text: rebuild on the next search session.
        for (const event of ['add', 'change', 'unlink']) server.watcher.on(event, devIndex.invalidate);
      },

      async 'astro:build:done'({ dir, logger }) {
        if (!validated.local) return;
        const report = await buildSiteIndex({
          dir: fileURLToPath(dir),
          baseUrl: base,
          exclude: validated.localIndex?.exclude,
          defaultLvl0: validated.localIndex?.defaultLvl0,
          pageRank: validated.localIndex?.pageRank,
          ...(synonyms ? { synonyms } : {}),
          reportGzipBytes: true,
        }).catch((error: unknown) => {
          // Loud on purpose: shipping a search box over an empty index would fail silently for visitors.
          throw new Error(
            `sitesearch: the local search index could not be built from ${fileURLToPath(dir)}: ${error instanceof Error ? error.message : String(error)}. ` +
              'Prerender the pages to search, or set "appId" and "apiKey" in sitesearch({ … }) to use the hosted provider.',
            { cause: error },
          );
        });
        for (const warning of report.warnings) logger.warn(warning);
        logger.info(`indexed ${report.pages} pages into ${report.records} records (${(report.gzipBytes! / 1024).toFixed(1)} KB gzipped) in ${Math.round(report.durationMs)} ms → ${base}sitesearch/`);
        const releasePosts = releasePostNote(report.releasePosts, "localIndex: { pageRank: { '*': 0 } }");
        if (releasePosts) logger.info(releasePosts);
        // Once per build: the way out when the site outgrows the local index.
        logger.info(
          pushHint({
            outDir: relative(process.cwd(), fileURLToPath(dir)).replace(/[\\/]$/, '') || '.',
            base,
            options: validated.options,
            exclude: validated.localIndex?.exclude,
            defaultLvl0: validated.localIndex?.defaultLvl0,
            pageRank: validated.localIndex?.pageRank,
            ...(typeof validated.localIndex?.synonyms === 'string' ? { synonyms: validated.localIndex.synonyms } : {}),
            configShape: source === 'the Starlight config' ? 'starlight' : 'astro',
          }),
        );
      },
    },
  };
}
