/**
 * The Sidepanel's option resolver: sidepanelOptionsBase.ts with every rule. The CDN panel imports
 * the base alone: the `baseUrl` and `searchParameters` rules only when those options are given,
 * and the container its loader resolved.
 */
import { resolveAskAiBaseUrl, resolveAskAiSearchParameters } from './askAi.js';
import { resolveContainer } from './container.js';
import type { Entry } from './siteSearchOptions.js';
import { resolveSidepanelOptionsWith, type ResolvedSidepanelOptions } from './sidepanelOptionsBase.js';

export * from './sidepanelOptionsBase.js';

/** Validates the Sidepanel's options and applies every default of the spec. */
export const resolveSidepanelOptions = (options: unknown, entry: Entry): ResolvedSidepanelOptions =>
  resolveSidepanelOptionsWith(options, entry, {
    hosted: { resolveAskAiBaseUrl, resolveAskAiSearchParameters },
    container: (value) => resolveContainer('sidepanel', value, window),
  });
