/**
 * `@sitesearch/vitepress/theme`: VitePress's default theme with SiteSearch's button in the nav bar,
 * where its own search box sits (`nav-bar-content-before`, which comes right before it).
 *
 *   // .vitepress/theme/index.ts
 *   export { default } from '@sitesearch/vitepress/theme';
 *
 * The Sidepanel's trigger (with `sidepanel`) goes in `layout-bottom`: it floats in a bottom corner.
 *
 * A theme of your own: put `<SiteSearchButton />` (and `<SiteSearchSidepanel />`) in slots of the layout and call
 * `startSiteSearch(router)` in `enhanceApp`.
 */
import { h } from 'vue';
import { inBrowser, type Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import '@sitesearch/islands/button.css';
import '@sitesearch/islands/sidepanel-button.css';
import './vitepress.css';
import { SiteSearchButton } from './SiteSearchButton.js';
import { SiteSearchSidepanel } from './SiteSearchSidepanel.js';
import { startSiteSearch } from './loader.js';

export { SiteSearchButton, SiteSearchSidepanel, startSiteSearch };

const theme: Theme = {
  extends: DefaultTheme,
  Layout: () => h(DefaultTheme.Layout, null, { 'nav-bar-content-before': () => h(SiteSearchButton), 'layout-bottom': () => h(SiteSearchSidepanel) }),
  enhanceApp({ router }) {
    if (inBrowser) startSiteSearch(router);
  },
};

export default theme;
