import { createRoot } from 'react-dom/client';
import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { MountWidget } from '../shell/loader.js';
import { SearchModalHost } from './SearchModalHost.js';
import { loadSearchClient } from './searchClient.js';
import { loadTemplateSupport, needsTemplateSupport } from './templateSupport.js';

/**
 * The widget module's mount function for the JavaScript and CDN entries: renders the modal host
 * into a node appended to `portalParent` (the JS `container`, per the spec). `chatStylesheet` is
 * the URL of the chat's styles (CDN: `sitesearch-chat.css`; Astro: `chat.css`), linked when Ask AI
 * is first used; without it the page's stylesheet must hold them (`style.css` does).
 */
export async function createModalMount(options: ResolvedSiteSearchOptions, portalParent: Element, environment: Window, chatStylesheet?: string): Promise<MountWidget> {
  // Not awaited: the modal opens at once while the lite client (if needed) loads alongside.
  const searchClient = loadSearchClient(options);
  // Ask AI's parts around the chat come with the modal only on sites that use it.
  // Template support (htm, the error boundary) only when a template option is set (templateSupport.ts).
  const [askAiAddon] = await Promise.all([options.askAi ? import('./modal/askAiAddon.js') : undefined, needsTemplateSupport(options) && loadTemplateSupport()]);
  return (context) => {
    const host = environment.document.createElement('div');
    host.className = 'sitesearch-portal';
    portalParent.appendChild(host);
    const root = createRoot(host);
    root.render(
      <SearchModalHost
        options={options}
        searchClient={searchClient}
        modalStore={context.modalStore}
        environment={environment}
        takePendingQuery={context.takePendingQuery}
        onClosed={context.returnFocus}
        askAiAddon={askAiAddon}
        handOffQuestion={context.handOffQuestion}
        reportScreen={context.reportScreen}
        // In the host node, which Preact leaves alone once it rendered into it.
        chatStylesheet={chatStylesheet ? { href: chatStylesheet, parent: host } : undefined}
      />,
    );
    return {
      unmount() {
        root.unmount();
        host.remove();
      },
    };
  };
}
