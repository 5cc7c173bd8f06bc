/**
 * The only SiteSearch code an Astro page runs before someone searches (injected on every page
 * by the integration). It starts the islands loader — shortcuts and intent on any search
 * button, by delegation on the document — and keeps exactly one of it alive across
 * `<ClientRouter />` navigations. The widget, its options and the search client are a separate
 * chunk imported on the first interaction.
 */
import { createLoader, type Loader } from '@sitesearch/islands/shell';
import modalStylesheet from '@sitesearch/islands/modal.css?url';
import shell from 'virtual:sitesearch/shell-config';
import type { SerializableSiteSearchOptions } from '../config-types.js';
import { CLIENT_OPTIONS_ATTRIBUTE, OPTIONS_ATTRIBUTE, PAGE_ATTRIBUTE } from '../page-constants.js';

interface PageSettings {
  /** Identity of the page's options: a navigation to a page with the same key keeps the loader. */
  key: string;
  options: SerializableSiteSearchOptions | undefined;
  clientOptions: string | undefined;
}

let current: { key: string; loader: Loader } | undefined;
let portal: HTMLElement | undefined;

/** The node the modal renders into; created once and carried across view transitions. */
function portalNode(): HTMLElement {
  if (!portal) {
    portal = document.createElement('div');
    portal.className = 'sitesearch-astro-portal';
  }
  if (!portal.isConnected) document.body.appendChild(portal);
  return portal;
}

function readPage(): PageSettings {
  const element = document.querySelector(`[${PAGE_ATTRIBUTE}]`);
  const raw = element?.getAttribute(OPTIONS_ATTRIBUTE) ?? undefined;
  const clientOptions = element?.getAttribute(CLIENT_OPTIONS_ATTRIBUTE) ?? undefined;
  let options: SerializableSiteSearchOptions | undefined;
  try {
    options = raw ? (JSON.parse(raw) as SerializableSiteSearchOptions) : undefined;
  } catch {
    // Written by our component, so this only happens if the markup was altered.
    console.error('sitesearch: the options of <SiteSearch /> on this page are not valid JSON; using the Astro config.');
  }
  return { key: `${raw ?? ''}\n${clientOptions ?? ''}`, options, clientOptions };
}

function start(): void {
  const page = readPage();
  if (current?.key === page.key) return;
  // Another page's options: one loader at a time, so the old one goes with all its listeners.
  current?.loader.destroy();
  const shortcuts = page.options?.keyboardShortcuts ?? {};
  const loader = createLoader({
    keyboardShortcuts: {
      'Ctrl/Cmd+K': page.options?.keyboardShortcuts ? shortcuts['Ctrl/Cmd+K'] !== false : shell.keyboardShortcuts['Ctrl/Cmd+K'],
      '/': page.options?.keyboardShortcuts ? shortcuts['/'] !== false : shell.keyboardShortcuts['/'],
    },
    preconnect: shell.preconnect,
    stylesheets: [modalStylesheet],
    portal: portalNode,
    load: () => import('./widget.js').then((widget) => widget.createMount(page.options, page.clientOptions, portalNode())),
  });
  current = { key: page.key, loader };
}

start();

// <ClientRouter /> support. These events only fire when the router is on the page.
document.addEventListener('astro:before-preparation', () => current?.loader.close());
/** The element focused inside the modal when the router swapped the page (see after-swap). */
let focusedInPortal: HTMLElement | undefined;

document.addEventListener('astro:before-swap', (event) => {
  const { newDocument } = event as Event & { newDocument: Document };
  const active = document.activeElement;
  focusedInPortal = portal && active instanceof HTMLElement && portal.contains(active) ? active : undefined;
  // The router drops head elements the next page lacks: keep the widget's stylesheet, once loaded.
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.getAttribute('href') === modalStylesheet && !newDocument.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(modalStylesheet)}"]`)) {
      newDocument.head.appendChild(newDocument.importNode(link, true));
    }
  }
  // The router replaces <html>'s attributes: keep the ⌘/Ctrl hint the loader chose.
  const platform = document.documentElement.getAttribute('data-sitesearch-platform');
  if (platform && !newDocument.documentElement.hasAttribute('data-sitesearch-platform')) {
    newDocument.documentElement.setAttribute('data-sitesearch-platform', platform);
  }
});
document.addEventListener('astro:after-swap', () => {
  // The new <body> arrived without our portal: put the same node (and the mounted modal) back.
  if (portal && !portal.isConnected) document.body.appendChild(portal);
  // A modal opened while the next page loaded (Ctrl+K right after choosing a result) lost its
  // focus with the old <body>: give it back, or the reader's next keys land on the page.
  if (focusedInPortal?.isConnected && document.activeElement !== focusedInPortal) focusedInPortal.focus({ preventScroll: true });
  focusedInPortal = undefined;
  start();
});
