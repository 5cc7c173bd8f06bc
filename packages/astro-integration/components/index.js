// `.astro` components ship as source: Astro compiles them in the user's build.
export { default as SiteSearch } from './SiteSearch.astro';
export { default as Sidepanel } from './Sidepanel.astro';
