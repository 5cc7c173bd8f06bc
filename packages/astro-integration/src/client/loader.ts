/**
 * The only SiteSearch code an Astro page runs before someone searches (injected on every page
 * by the integration). It starts the islands loader — shortcuts and intent on any search
 * button, by delegation on the document — and, on pages with `<Sidepanel />`, the Sidepanel's
 * island; both register with the page coordinator, which owns the one keydown listener and
 * hands questions from the modal to the Sidepanel (hybrid mode). Exactly one of each stays
 * alive across `<ClientRouter />` navigations. The widgets, their options and the search client
 * are separate chunks imported on the first interaction.
 */
import { createLoader, createSidepanelLoader, type Loader, type SidepanelLoader } from '@sitesearch/islands/shell';
import modalStylesheet from '@sitesearch/islands/modal.css?url';
import sidepanelStylesheet from '@sitesearch/islands/sidepanel.css?url';
import shell from 'virtual:sitesearch/shell-config';
import type { SerializableSidepanelOptions, SerializableSiteSearchOptions } from '../config-types.js';
import { CLIENT_OPTIONS_ATTRIBUTE, OPTIONS_ATTRIBUTE, PAGE_ATTRIBUTE, SIDEPANEL_OPTIONS_ATTRIBUTE, SIDEPANEL_PAGE_ATTRIBUTE } from '../page-constants.js';

interface PageSettings {
  /** Identity of the page's options: a navigation to a page with the same key keeps the loader. */
  key: string;
  options: SerializableSiteSearchOptions | undefined;
  clientOptions: string | undefined;
}

let current: { key: string; loader: Loader } | undefined;
let currentSidepanel: { key: string; loader: SidepanelLoader; options: SerializableSidepanelOptions | undefined } | undefined;
let portal: HTMLElement | undefined;
/** The router's stylesheets to carry across a swap, once loaded. */
const STYLESHEETS = [modalStylesheet, sidepanelStylesheet];

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

/** The page's `<Sidepanel />`: `undefined` without one (or without the integration's `sidepanel`). */
function readSidepanel(): { key: string; options: SerializableSidepanelOptions | undefined } | undefined {
  const element = document.querySelector(`[${SIDEPANEL_PAGE_ATTRIBUTE}]`);
  if (!element || !shell.sidepanel) return undefined;
  const raw = element.getAttribute(SIDEPANEL_OPTIONS_ATTRIBUTE) ?? undefined;
  try {
    return { key: raw ?? '', options: raw ? (JSON.parse(raw) as SerializableSidepanelOptions) : undefined };
  } catch {
    console.error('sitesearch: the options of <Sidepanel /> on this page are not valid JSON; using the Astro config.');
    return { key: '', options: undefined };
  }
}

/** Starts, keeps or replaces the Sidepanel's island for the page (a page without `<Sidepanel />` has none). */
function startSidepanel(): void {
  const page = readSidepanel();
  if (currentSidepanel && currentSidepanel.key === page?.key) return;
  currentSidepanel?.loader.destroy();
  currentSidepanel = undefined;
  if (!page || !shell.sidepanel) return;
  const { options } = page;
  const loader = createSidepanelLoader({
    // A page's options are complete (the config's with its own on top).
    keyboardShortcuts: { 'Ctrl/Cmd+I': options ? options.keyboardShortcuts?.['Ctrl/Cmd+I'] !== false : shell.sidepanel.keyboardShortcuts['Ctrl/Cmd+I'] },
    preconnect: shell.sidepanel.preconnect,
    stylesheets: [sidepanelStylesheet],
    portal: portalNode,
    load: () => import('./sidepanelWidget.js').then((widget) => widget.createSidepanelMountForPage(options, portalNode())),
  });
  currentSidepanel = { key: page.key, loader, options };
}

function start(): void {
  startSidepanel();
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
document.addEventListener('astro:before-preparation', () => {
  current?.loader.close();
  // An inline panel pushes this page's content, which is about to go: close it so the push is
  // undone before the swap. A floating panel stays open while the reader follows a source link.
  if (currentSidepanel && (currentSidepanel.options ? currentSidepanel.options.variant : shell.sidepanel?.variant) === 'inline') currentSidepanel.loader.close();
});
/** The element focused inside the modal when the router swapped the page (see after-swap). */
let focusedInPortal: HTMLElement | undefined;

document.addEventListener('astro:before-swap', (event) => {
  const { newDocument } = event as Event & { newDocument: Document };
  const active = document.activeElement;
  focusedInPortal = portal && active instanceof HTMLElement && portal.contains(active) ? active : undefined;
  // The router drops head elements the next page lacks: keep the widgets' stylesheets, once loaded.
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const href = link.getAttribute('href');
    if (href && STYLESHEETS.includes(href) && !newDocument.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) {
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
