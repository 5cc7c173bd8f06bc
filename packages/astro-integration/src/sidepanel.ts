/**
 * The `sidepanel` option of `sitesearch()`: checked when the Astro config loads, by the same
 * validator the browser uses, and completed from the rest of the config so that a bare
 * `sidepanel: true` talks to the assistant of `askAi` (the local assistant over the local index
 * when there are no credentials) and shares its conversations with the modal.
 */
import * as ssg from '@sitesearch/islands/ssg';
import type { ResolvedSidepanelOptions } from '@sitesearch/islands/core';
import type { SerializableSidepanelOptions } from './config-types.js';
import { originOf, type OptionSource } from './options.js';

export { DEFAULT_LOCAL_ASSISTANT, completeSidepanelOptions, looksLikeSelector, sidepanelPreconnect, sidepanelShellConfig, type SidepanelContext } from '@sitesearch/islands/ssg';

/**
 * A core error about the Sidepanel, re-worded for the Astro config: where the option was written,
 * and every option as `sidepanel.<option>` (the value received is left as it was).
 */
export const fromSidepanelSource = (error: unknown, source: OptionSource): Error => ssg.fromSidepanelOrigin(error, originOf(source));

/**
 * Checks complete Sidepanel options as the browser will resolve them (with the local index a
 * stand-in client takes the place of the one made in the browser).
 */
export const validateSidepanel = (options: SerializableSidepanelOptions, source: OptionSource): ResolvedSidepanelOptions => ssg.validateSidepanel(options, originOf(source));

/** The `sidepanel` option of the Astro config, completed and checked; `undefined` without it. */
export const validateSidepanelOption = (value: unknown, context: ssg.SidepanelContext) => ssg.validateSidepanelOption(value, context, originOf('the Astro config'));

/**
 * A page's `<Sidepanel options>`: each top-level key replaces the config's, but for
 * `translations`, which add to the config's key by key. Naming an assistant (`assistantId` or
 * `agentId`) replaces both names, and naming `appId` or `apiKey` replaces the pair, so a page never
 * mixes its values with the config's.
 */
export function mergeSidepanelPageOptions(config: SerializableSidepanelOptions, page: SerializableSidepanelOptions | undefined): SerializableSidepanelOptions {
  if (!page) return config;
  const base: SerializableSidepanelOptions = { ...config };
  if (page.assistantId !== undefined || page.agentId !== undefined) {
    delete base.assistantId;
    delete base.agentId;
  }
  if (page.appId !== undefined || page.apiKey !== undefined) {
    delete base.appId;
    delete base.apiKey;
  }
  const merged: SerializableSidepanelOptions = { ...base, ...page };
  if (page.translations !== undefined) merged.translations = ssg.mergeObjects(config.translations, page.translations) as SerializableSidepanelOptions['translations'];
  return merged;
}
