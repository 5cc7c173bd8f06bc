/**
 * The Sidepanel's chunk of the Astro integration, imported on the first interaction with its
 * trigger (or Ctrl/Cmd+I, or a question handed over by the modal): the panel, its options and,
 * with the local index, the local assistant's search client (the one the modal uses too).
 */
import { createSidepanelMount, resolveSidepanelOptions } from '@sitesearch/islands/sidepanel';
// The chat's styles are their own file, linked by the chat on first use.
import chatStylesheet from '@sitesearch/islands/chat.css?url';
import type { MountSidepanel } from '@sitesearch/islands/shell';
import config from 'virtual:sitesearch/config';
import pageTexts from 'virtual:sitesearch/page-texts';
import { localizedTranslations } from '../starlight/texts.js';
import type { SerializableSidepanelOptions } from '../config-types.js';
import { withLocalAssistantClient } from '@sitesearch/islands/ssg/browser';
import { localSearchClient } from './localClient.js';

/**
 * Builds the panel's mount function for a page: its own complete options (from `<Sidepanel
 * options>`) or the config's, already completed from `askAi` when the config loaded.
 */
export function createSidepanelMountForPage(pageOptions: SerializableSidepanelOptions | undefined, portal: Element): Promise<MountSidepanel> {
  // No credentials and no base URL: the local assistant, over the same local index as the modal.
  const own: SerializableSidepanelOptions = { ...(pageOptions ?? config.sidepanel) };
  // A Starlight site: the texts of the page's language (what its server-rendered trigger already says).
  if (pageTexts) own.translations = localizedTranslations(own.translations, pageTexts, document.documentElement.lang);
  const options: Record<string, unknown> = withLocalAssistantClient(own, config.localIndexUrl, localSearchClient);
  return createSidepanelMount(resolveSidepanelOptions(options, 'integration'), portal, window, chatStylesheet);
}
