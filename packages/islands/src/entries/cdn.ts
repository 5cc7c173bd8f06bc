/**
 * The CDN script: a classic script that defines `window.sitesearch`. Every other file it needs is
 * in its own folder and is found from its own URL, so a site copies `dist/cdn/` anywhere and links
 * `sitesearch.css` (the button's styles) and `sitesearch.js`: nothing else to configure.
 *
 * Up front it checks the options' types (a table shared with the resolver), the required options
 * and the container, thrown at the call site; draws the button and listens for the shortcuts. On
 * first interaction it imports the widget with the rest of the option resolver (every other rule,
 * the translations with the default texts; `sitesearch-modal.js`) and its styles
 * (`sitesearch-modal.css`) side by side; the chunks the widget imports (the lite client, the
 * `askAi` rules, later ones) resolve relative to themselves. The
 * chat's styles (`sitesearch-chat.css`) load with the chat, on the first use of Ask AI.
 * `sitesearch.localIndex(url)` gives a search client for an index written by `sitesearch index`
 * (its code, `sitesearch-local.js`, also loads on first use).
 *
 * `window.sidepanel(options)` is the Sidepanel's: its trigger is drawn up front; the panel
 * (`sitesearch-sidepanel.js`, which also resolves the options in full) and its styles
 * (`sitesearch-sidepanel.css`) load on first interaction. Both widgets go through the page
 * coordinator: one shortcut listener, one surface open at a time, hybrid mode without code.
 */
import type { ModalModule, SiteSearchInstance } from './createSiteSearch.js';
import type { completeCdnOptions } from '../shell/cdnOptions.js';
import type { SearchClientLike, SidepanelOptions, SiteSearchOptions } from '../core/options/types.js';
import type { createCdnSidepanelMount } from './cdnSidepanel.js';
import { checkSidepanelOptionsEarly } from '../shell/cdnSidepanelOptions.js';
import { checkSiteSearchOptionsEarly } from '../shell/cdnSiteSearchOptions.js';
import { startSidepanel, type SidepanelInstance } from '../shell/startSidepanel.js';
import { ensureTrigger } from '../shell/trigger.js';
import { BUTTON_ATTRIBUTE, searchButtonHtml } from '../shell/buttonMarkup.js';
import { createLazyClient } from '../shell/lazyClient.js';
import { createLoader } from '../shell/loader.js';
import { intentHints } from '../shell/preconnect.js';

// Read while this script runs: `currentScript` is null afterwards. Without it (a module script),
// the page's URL is the best guess left.
const base = (document.currentScript as HTMLScriptElement | null)?.src || document.baseURI;
const url = (file: string) => new URL(file, base).href;
// A module whose fetch failed stays failed in the browser's module map for its URL: a retry (the
// next question after a lost chunk) asks for it under another URL, or it could never load.
const failed: Record<string, number> = {};
const sibling = <T>(file: string) =>
  (import(/* @vite-ignore */ url(file) + (failed[file] ? `?retry=${failed[file]}` : '')) as Promise<T>).catch((error: unknown) => {
    failed[file] = (failed[file] ?? 0) + 1;
    throw error;
  });

/** `sitesearch-modal.js`: the widget and the rest of the option resolver, one file fetched on first interaction. */
type ModalFile = ModalModule & { completeCdnOptions: typeof completeCdnOptions };
type LocalModule = { createLocalSearchClient(options: { url: string }): SearchClientLike & { warm(): Promise<void> } };

function sitesearch(options: SiteSearchOptions): SiteSearchInstance {
  const checked = checkSiteSearchOptionsEarly(options);
  const { keyboardShortcuts, container, environment } = checked;
  // A server-rendered button is kept as it is; otherwise we add ours.
  const removeButton = ensureTrigger(container, BUTTON_ATTRIBUTE, () => searchButtonHtml({ ...checked.button, showShortcutHint: keyboardShortcuts['Ctrl/Cmd+K'] }));
  const loader = createLoader({
    environment,
    root: container,
    keyboardShortcuts,
    portal: () => container,
    stylesheets: [url('sitesearch-modal.css')],
    ...intentHints(checked),
    load: () =>
      sibling<ModalFile>('sitesearch-modal.js').then(async (widget) => widget.createModalMount(await widget.completeCdnOptions(checked), container, environment, url('sitesearch-chat.css'))),
  });
  return {
    open: loader.open,
    close: loader.close,
    destroy() {
      loader.destroy();
      removeButton();
    },
  };
}

/** A client for the local index at `url` (the folder `sitesearch index` wrote), relative to the page. */
sitesearch.localIndex = (url: string) => {
  if (typeof url !== 'string' || url === '') throw new Error('sitesearch.localIndex: pass the URL of the index folder, e.g. sitesearch.localIndex("/sitesearch/").');
  const indexUrl = new URL(url, document.baseURI).href;
  return createLazyClient(() => sibling<LocalModule>('sitesearch-local.js').then((module) => module.createLocalSearchClient({ url: indexUrl })));
};

type SidepanelChunk = { createCdnSidepanelMount: typeof createCdnSidepanelMount };

function sidepanel(options: SidepanelOptions): SidepanelInstance {
  const early = checkSidepanelOptionsEarly(options);
  const { container } = early;
  return startSidepanel(container, early.button, {
    keyboardShortcuts: early.keyboardShortcuts,
    stylesheets: [url('sitesearch-sidepanel.css')],
    ...intentHints(early),
    load: () => sibling<SidepanelChunk>('sitesearch-sidepanel.js').then((chunk) => chunk.createCdnSidepanelMount(early.given, container, window, url('sitesearch-chat.css'))),
  });
}

Object.assign(window, { sitesearch, sidepanel });
