/**
 * Carries the validated config into client code as virtual modules, so users never write a
 * global: `virtual:sitesearch/shell-config` (tiny, every page), `virtual:sitesearch/config`,
 * `virtual:sitesearch/client-options` and `virtual:sitesearch/page-texts` (loaded with the widget).
 */
import type { ClientConfig, ShellConfig } from './config-types.js';
import type { PageTexts } from './starlight/texts.js';

const MODULES = {
  shell: 'virtual:sitesearch/shell-config',
  config: 'virtual:sitesearch/config',
  clientOptions: 'virtual:sitesearch/client-options',
  pageTexts: 'virtual:sitesearch/page-texts',
} as const;

/** The structural part of a Vite plugin we use (so this file needs no Vite types). */
export interface VirtualModulesPlugin {
  name: string;
  resolveId(id: string): string | undefined;
  load(id: string): string | undefined;
}

export function virtualModulesPlugin(shell: ShellConfig, client: ClientConfig, clientOptionsModule: string | undefined, pageTexts: PageTexts | null = null): VirtualModulesPlugin {
  const sources: Record<string, string> = {
    [MODULES.shell]: `export default ${JSON.stringify(shell)};`,
    [MODULES.config]: `export default ${JSON.stringify(client)};`,
    // The user's module, as a namespace: its default export and its named option sets.
    [MODULES.clientOptions]: clientOptionsModule
      ? `import * as options from ${JSON.stringify(clientOptionsModule)};\nexport default options;`
      : 'export default {};',
    // Texts by page language: only the Starlight plugin gives them; elsewhere the options' texts apply as they are.
    [MODULES.pageTexts]: `export default ${JSON.stringify(pageTexts)};`,
  };
  return {
    name: '@sitesearch/astro:virtual-modules',
    resolveId(id) {
      return id in sources ? `\0${id}` : undefined;
    },
    load(id) {
      return id.startsWith('\0') ? sources[id.slice(1)] : undefined;
    },
  };
}
