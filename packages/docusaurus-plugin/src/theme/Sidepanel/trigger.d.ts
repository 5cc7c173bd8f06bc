/**
 * The Sidepanel's trigger: `@sitesearch/islands/react/lazy` on sites with `sidepanel`, a component
 * that renders nothing on the others (an alias set by the plugin's `configureWebpack`).
 */
declare module '@sitesearch/docusaurus-sidepanel-trigger' {
  export { Sidepanel } from '@sitesearch/islands/react/lazy';
}
