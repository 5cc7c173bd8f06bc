/**
 * `@sitesearch/vitepress/theme`: VitePress's default theme with SiteSearch started. Its button is in
 * the nav bar where VitePress's search box sits: `withSiteSearch` puts it in that component's place.
 *
 *   // .vitepress/theme/index.ts
 *   export { default } from '@sitesearch/vitepress/theme';
 *
 * The Sidepanel's trigger (with `sidepanel`) goes in `layout-bottom`: it floats in a bottom corner.
 *
 * A theme of your own: call `startSiteSearch(router)` in `enhanceApp` (and put `<SiteSearchSidepanel />` in a
 * slot of the layout); a layout other than the default theme's puts `<SiteSearchButton />` where it wants it.
 */
import { h } from 'vue';
import { inBrowser, type Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import '@sitesearch/islands/button.css';
import './vitepress.css';
import { SiteSearchButton } from './SiteSearchButton.js';
import { SiteSearchSidepanel } from './SiteSearchSidepanel.js';
import { startSiteSearch } from './loader.js';

export { SiteSearchButton, SiteSearchSidepanel, startSiteSearch };

const theme: Theme = {
  extends: DefaultTheme,
  Layout: () => h(DefaultTheme.Layout, null, { 'layout-bottom': () => h(SiteSearchSidepanel) }),
  enhanceApp({ router }) {
    if (inBrowser) startSiteSearch(router);
  },
};

export default theme;
