/**
 * What `@sitesearch/docusaurus-sidepanel-trigger` resolves to on sites without `sidepanel` (the
 * plugin's `configureWebpack`): the trigger renders nothing, and its loader stays out of the
 * page's bundle. With `sidepanel` set it resolves to `@sitesearch/islands/react/lazy`.
 */
export function Sidepanel(): null {
  return null;
}
