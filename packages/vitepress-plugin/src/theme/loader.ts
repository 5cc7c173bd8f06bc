/**
 * The only SiteSearch code a VitePress page runs before someone searches: the islands loader
 * (shortcuts, intent on the button), VitePress's dark mode mirrored for the widget's styles, and
 * its router followed (the modal closes when the page changes; another locale gets its options).
 * The widget, its options and the search client are a chunk imported on the first interaction.
 */
import { createLoader, type Loader, type SidepanelLoader } from '@sitesearch/islands/shell';
import type { Router } from 'vitepress';
import shell from 'virtual:sitesearch/vitepress-shell';
import createLocaleSidepanelLoader from 'virtual:sitesearch/vitepress-sidepanel';
import { LOCALE_ATTRIBUTE } from './SiteSearchButton.js';

let current: { locale: string; loader: Loader; sidepanel: SidepanelLoader | undefined } | undefined;
let portal: HTMLElement | undefined;

function portalNode(): HTMLElement {
  if (!portal) {
    portal = document.createElement('div');
    portal.className = 'sitesearch-vitepress-portal';
  }
  if (!portal.isConnected) document.body.appendChild(portal);
  return portal;
}

/** The page's locale key, as its button says (`root` without a button). */
const pageLocale = (): string => document.querySelector(`[${LOCALE_ATTRIBUTE}]`)?.getAttribute(LOCALE_ATTRIBUTE) ?? 'root';

function start(router: Router): void {
  const locale = pageLocale();
  if (current?.locale === locale) return;
  current?.loader.destroy();
  current?.sidepanel?.destroy();
  const loader = createLoader({
    keyboardShortcuts: shell.keyboardShortcuts,
    preconnect: shell.preconnect,
    stylesheets: [shell.stylesheets.modal],
    portal: portalNode,
    load: () => import('./widget.js').then((widget) => widget.createMount(locale, router, portalNode())),
  });
  // The Sidepanel's island, on sites with `sidepanel` (the others ship none of its code).
  const sidepanel = createLocaleSidepanelLoader?.(locale, portalNode);
  current = { locale, loader, sidepanel };
}

/**
 * VitePress says dark with a `dark` class on `<html>`; the widget's styles read `data-theme`.
 * Mirrored now and on every toggle, so an open modal restyles with the page.
 */
function followDarkMode(): void {
  const root = document.documentElement;
  const sync = () => {
    const theme = root.classList.contains('dark') ? 'dark' : 'light';
    if (root.getAttribute('data-theme') !== theme) root.setAttribute('data-theme', theme);
  };
  sync();
  new MutationObserver(sync).observe(root, { attributes: true, attributeFilter: ['class'] });
}

let started = false;

/** Starts SiteSearch on the page (the theme's `enhanceApp` calls it in the browser); once. */
export function startSiteSearch(router: Router): void {
  if (started) return;
  started = true;
  followDarkMode();
  const before = router.onBeforeRouteChange;
  router.onBeforeRouteChange = async (to) => {
    const go = await before?.(to);
    // Another page only: VitePress "goes" to the page it starts on, after this ran, and a modal
    // opened by a shortcut pressed before then stays open. Only an open modal: closing a closed
    // one would move focus to the button.
    const leaves = new URL(to, window.location.href).pathname !== window.location.pathname;
    if (go !== false && leaves && current?.loader.modalStore.get().isOpen) current.loader.close();
    // An inline panel pushes this page's content, which is about to go; a floating one stays open
    // while the reader follows a source link.
    if (go !== false && leaves && shell.sidepanel?.variant === 'inline') current?.sidepanel?.close();
    return go;
  };
  const after = router.onAfterRouteChange;
  router.onAfterRouteChange = async (to) => {
    await after?.(to);
    // Another locale's pages: its button is rendered by now, and the loader takes its options.
    start(router);
  };
  // The button is in the server's HTML; the app mounts on it after this runs.
  start(router);
}
