/**
 * The widget chunk of the Astro integration, imported on the first interaction: the Preact
 * modal, the full options, the user's function options and (without credentials) the local
 * index client.
 */
import type { Navigator, SiteSearchBaseOptions } from '@sitesearch/islands/core';
import { createModalMount, resolveModalOptions } from '@sitesearch/islands/modal';
// The chat's styles are their own file, linked by the chat on first use (keyword-only pages never load them).
import chatStylesheet from '@sitesearch/islands/chat.css?url';
import type { MountWidget } from '@sitesearch/islands/shell';
import { withLocalSearchClient } from '@sitesearch/islands/ssg/browser';
import { localSearchClient } from './localClient.js';
import config from 'virtual:sitesearch/config';
import clientModule from 'virtual:sitesearch/client-options';
import pageTexts from 'virtual:sitesearch/page-texts';
import { keywordSearchTexts, localizedTranslations } from '../starlight/texts.js';
import type { SerializableSiteSearchOptions } from '../config-types.js';

/**
 * Opens a result like a link the user clicked: with `<ClientRouter />` the router picks the
 * click up and makes it a view transition; without it the browser navigates as usual.
 */
const linkNavigator: Navigator = {
  navigate({ itemUrl }) {
    const link = document.createElement('a');
    link.href = itemUrl;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
  },
};

function functionOptions(name: string | undefined): Partial<SiteSearchBaseOptions> {
  const fromDefault = (clientModule.default ?? {}) as Partial<SiteSearchBaseOptions>;
  if (!name) return fromDefault;
  const named = clientModule[name];
  if (typeof named !== 'object' || named === null) {
    throw new Error(`sitesearch: <SiteSearch clientOptions="${name}" /> names an export that the "clientOptionsModule" of the Astro config does not have (or that is not an object of options).`);
  }
  return { ...fromDefault, ...(named as Partial<SiteSearchBaseOptions>) };
}

/** Builds the modal's mount function for a page; called on intent, before the modal opens. */
export function createMount(pageOptions: SerializableSiteSearchOptions | undefined, clientOptions: string | undefined, portal: Element): Promise<MountWidget> {
  // Intent already happened (that is why this chunk loads): the shared client starts fetching the index now.
  const options: SiteSearchBaseOptions = withLocalSearchClient({ ...config.options, ...pageOptions, ...functionOptions(clientOptions) }, config.localIndexUrl, localSearchClient);
  options.navigator ??= linkNavigator;
  // A Starlight site: the texts of the page's language (what its server-rendered button already says).
  if (pageTexts) {
    const texts = localizedTranslations(options.translations as SerializableSiteSearchOptions['translations'], pageTexts, document.documentElement.lang);
    options.translations = options.askAi === undefined ? keywordSearchTexts(texts) : texts;
  }
  // Without `askAi`, resolved at once; with it, once the chat's rules (a chunk of their own) load.
  const resolved = resolveModalOptions(options, 'integration');
  return resolved instanceof Promise ? resolved.then((ready) => createModalMount(ready, portal, window, chatStylesheet)) : createModalMount(resolved, portal, window, chatStylesheet);
}
