/**
 * What the config-time checks (options.ts, Node) and the theme components (browser) both need:
 * how the theme's config becomes the modal's and the Sidepanel's options. No Node-only imports.
 */
import type { Navigator, ResolvedSiteSearchOptions } from '@sitesearch/islands/core';
import type { SiteSearchThemeConfig } from './types.js';

/** The index the local default searches when the config names none (the Astro integration's too). */
export const DEFAULT_LOCAL_INDEX = 'docs';
/** The local assistant's name when `askAi` names none. */
export const DEFAULT_LOCAL_ASSISTANT = 'local';

/** Whether the options use the local index (no provider credentials). */
export const usesLocalIndex = (options: { appId?: unknown; apiKey?: unknown }): boolean => options.appId === undefined && options.apiKey === undefined;

/** The widget's options: what the user wrote less the theme's own, plus the local default index. */
export function widgetOptions(config: SiteSearchThemeConfig): Record<string, unknown> {
  const { contextualSearch, searchPagePath, externalUrlRegex, replaceSearchResultPathname, localIndex, sidepanel, ...widget } = config;
  void contextualSearch, searchPagePath, externalUrlRegex, replaceSearchResultPathname, localIndex, sidepanel;
  const local = usesLocalIndex(widget);
  return local && widget.indices === undefined && (widget as { indexName?: unknown }).indexName === undefined ? { ...widget, indices: [DEFAULT_LOCAL_INDEX] } : widget;
}

/**
 * The Sidepanel's options, completed from the modal's: its assistant and credentials come from
 * `askAi` when it names none, so both surfaces share one conversation.
 */
export function sidepanelOptions(config: SiteSearchThemeConfig, resolved: Pick<ResolvedSiteSearchOptions, 'askAi' | 'appId' | 'apiKey' | 'indices'>): Record<string, unknown> | undefined {
  const written = config.sidepanel;
  if (written === undefined || written === false) return undefined;
  const options: Record<string, unknown> = written === true ? {} : { ...written };
  const { askAi } = resolved;
  if (options.appId === undefined && options.apiKey === undefined && options.baseUrl === undefined) {
    const appId = askAi ? askAi.appId : resolved.appId;
    const apiKey = askAi ? askAi.apiKey : resolved.apiKey;
    if (appId !== undefined && apiKey !== undefined) Object.assign(options, { appId, apiKey });
    if (askAi?.baseUrl !== undefined) options.baseUrl = askAi.baseUrl;
  }
  if (options.assistantId === undefined && options.agentId === undefined) {
    if (askAi) {
      options.assistantId = askAi.assistantId;
      if (askAi.agentStudio && options.agentStudio === undefined) options.agentStudio = true;
    } else if (usesLocalIndex(options)) {
      options.assistantId = DEFAULT_LOCAL_ASSISTANT;
    }
  }
  if (options.indexName === undefined) options.indexName = askAi?.indexName ?? resolved.indices[0]?.name;
  if (options.translations === undefined && config.translations !== undefined) options.translations = config.translations;
  return options;
}


/**
 * Opens results the Docusaurus way: pages of this site through the router (`history.push`, no
 * reload); other origins, and URLs matching `externalUrlRegex`, with a full page load. The
 * location is read at navigation time (the server renders without one).
 */
export function createRouterNavigator(history: { push(path: string): void }, getLocation: () => Pick<Location, 'href' | 'origin' | 'assign'>, externalUrlRegex: string | undefined): Navigator {
  const external = externalUrlRegex ? new RegExp(externalUrlRegex) : undefined;
  return {
    navigate({ itemUrl }) {
      const location = getLocation();
      const url = new URL(itemUrl, location.href);
      if (url.origin !== location.origin || external?.test(itemUrl)) location.assign(url.href);
      else history.push(`${url.pathname}${url.search}${url.hash}`);
    },
  };
}
