/**
 * The widget chunk, imported on the first interaction: the modal, the page locale's options and
 * (without credentials) the local index client. Results open through VitePress's router.
 */
import type { Navigator, SiteSearchBaseOptions } from '@sitesearch/islands/core';
import { createModalMount, resolveModalOptions } from '@sitesearch/islands/modal';
import type { MountWidget } from '@sitesearch/islands/shell';
import { withLocalSearchClient } from '@sitesearch/islands/ssg/browser';
import type { Router } from 'vitepress';
import client from 'virtual:sitesearch/vitepress-client';
import localSearchClient from 'virtual:sitesearch/vitepress-local-client';
import shell from 'virtual:sitesearch/vitepress-shell';

/** A hit opens without a page load; a hosted index's absolute URLs of this site too, as VitePress's own provider does. */
const routerNavigator = (router: Router): Navigator => ({
  navigate({ itemUrl }) {
    const url = new URL(itemUrl, window.location.href);
    if (url.origin !== window.location.origin) return window.location.assign(url.href);
    // The router does not move within a page: the browser scrolls to the anchor.
    if (url.pathname === window.location.pathname) return window.location.assign(url.href);
    void router.go(url.pathname + url.search + url.hash);
  },
});

export function createMount(locale: string, router: Router, portal: Element): MountWidget | Promise<MountWidget> {
  const config = client[locale] ?? client.root!;
  const options: SiteSearchBaseOptions = localSearchClient ? withLocalSearchClient({ ...config.options }, config.localIndexUrl, localSearchClient) : { ...config.options };
  options.navigator = routerNavigator(router);
  const resolved = resolveModalOptions(options, 'integration');
  return resolved instanceof Promise ? resolved.then((ready) => createModalMount(ready, portal, window, shell.stylesheets.chat)) : createModalMount(resolved, portal, window, shell.stylesheets.chat);
}
