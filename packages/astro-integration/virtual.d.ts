/**
 * Types of the virtual modules `@sitesearch/astro` serves to Vite. Client code of the integration
 * imports them; users never need to.
 */
declare module 'virtual:sitesearch/config' {
  /** The validated, serializable options of the Astro config, and where the local index lives. */
  const config: import('./src/config-types.js').ClientConfig;
  export default config;
}

declare module 'virtual:sitesearch/shell-config' {
  /** The little the loader needs before any interaction. */
  const config: import('./src/config-types.js').ShellConfig;
  export default config;
}

declare module 'virtual:sitesearch/client-options' {
  /** The module named by `clientOptionsModule` (all its exports), or an empty module. */
  const module: Record<string, unknown>;
  export default module;
}

declare module '*?url' {
  const url: string;
  export default url;
}

declare module 'virtual:sitesearch/page-texts' {
  /** The widgets' texts by language on a Starlight site (`sitesearchStarlight()`), `null` elsewhere. */
  const texts: import('./src/starlight/texts.js').PageTexts | null;
  export default texts;
}
