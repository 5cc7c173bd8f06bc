/**
 * The Sidepanel's option resolver (the rules are in sidepanelOptionsBase.ts, which the CDN panel
 * imports without the `baseUrl` and `searchParameters` rules unless those options are given).
 */
import { resolveAskAiBaseUrl, resolveAskAiSearchParameters } from './askAi.js';
import type { Entry } from './siteSearchOptions.js';
import { resolveSidepanelOptionsWith, type ResolvedSidepanelOptions } from './sidepanelOptionsBase.js';

export * from './sidepanelOptionsBase.js';

/** Validates the Sidepanel's options and applies every default of the spec. */
export const resolveSidepanelOptions = (options: unknown, entry: Entry): ResolvedSidepanelOptions =>
  resolveSidepanelOptionsWith(options, entry, { resolveAskAiBaseUrl, resolveAskAiSearchParameters });
