declare module 'virtual:sitesearch/vitepress-shell' {
  const shell: import('./index.js').VitePressShell;
  export default shell;
}
declare module 'virtual:sitesearch/vitepress-client' {
  const client: import('./index.js').VitePressClient;
  export default client;
}
declare module '*.css?url' {
  const url: string;
  export default url;
}
/** `localSearchClient` of theme/localClient.ts on a site that uses the local index; `null` on a hosted one. */
declare module 'virtual:sitesearch/vitepress-local-client' {
  const localSearchClient: typeof import('./theme/localClient.js').localSearchClient | null;
  export default localSearchClient;
}
/** `createLocaleSidepanelLoader` of theme/sidepanelIsland.ts on a site with `sidepanel`; `null` without. */
declare module 'virtual:sitesearch/vitepress-sidepanel' {
  const createLocaleSidepanelLoader: typeof import('./theme/sidepanelIsland.js').createLocaleSidepanelLoader | null;
  export default createLocaleSidepanelLoader;
}
