/**
 * The theme components users may swizzle, and how (`docusaurus swizzle @sitesearch/docusaurus`).
 * Only components whose props we keep stable are listed as safe: `Root` is the theme's wiring
 * (it must stay once per page), so it is left out and Docusaurus treats it as unsafe.
 */
import type { SwizzleConfig } from '@docusaurus/types';

const swizzleConfig: SwizzleConfig = {
  components: {
    SearchBar: {
      actions: { eject: 'safe', wrap: 'safe' },
      description: "The navbar's search button and modal. Swizzle it to pass function options (transformItems, hitComponent, navigator, …) to SiteSearch.",
    },
    SearchPage: {
      actions: { eject: 'safe', wrap: 'safe' },
      description: 'The search page at searchPagePath (?q=): every result, more on scroll. Swizzle it to change the page, or to pass transformItems, transformSearchClient or searchClient.',
    },
    Sidepanel: {
      actions: { eject: 'safe', wrap: 'safe' },
      description: 'The Sidepanel (its trigger and the Ask AI panel), rendered once per page by Root when themeConfig.sitesearch.sidepanel is set. Props given to it override the config.',
    },
  },
};

/** How each component may be swizzled (Docusaurus 3's plugin module API). */
export function getSwizzleConfig(): SwizzleConfig {
  return swizzleConfig;
}

/** The names Docusaurus lists as safe to swizzle (its older plugin module API, still read in 3.x). */
export function getSwizzleComponentList(): string[] {
  return Object.keys(swizzleConfig.components);
}
