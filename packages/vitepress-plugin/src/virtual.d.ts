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
