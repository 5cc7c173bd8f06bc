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

declare module 'virtual:sitesearch/starlight' {
  /** The Starlight plugin's own settings (texts per language). */
  const settings: import('./src/starlight/page.js').StarlightSettings;
  export default settings;
}
