import { createRoot } from 'react-dom/client';
import type { ResolvedSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import { createAskRelay } from './askRelay.js';
import type { MountSidepanel } from './contract.js';
import { SidepanelHost } from './SidepanelHost.js';

/**
 * The Sidepanel chunk's mount function for the JavaScript and CDN entries: renders the panel's
 * host into a node appended to `portalParent`. The chunk holds the chat's code too (fetched on a
 * sign of intent); the chat's stylesheet is linked when the panel first opens.
 */
export async function createSidepanelMount(options: ResolvedSidepanelOptions, portalParent: Element, environment: Window, chatStylesheet?: string): Promise<MountSidepanel> {
  return (context) => {
    const host = environment.document.createElement('div');
    host.className = 'sitesearch-sidepanel-portal';
    portalParent.appendChild(host);
    const root = createRoot(host);
    // The panel hands over its `ask` once rendered; a question asked before that waits in the relay.
    const relay = createAskRelay(context.store.open);
    root.render(
      <SidepanelHost
        options={options}
        store={context.store}
        environment={environment}
        takePendingQuery={context.takePendingQuery}
        onClosed={context.returnFocus}
        registerAsk={relay.registerAsk}
        // In the host node, which Preact leaves alone once it rendered into it.
        chatStylesheet={chatStylesheet ? { href: chatStylesheet, parent: host } : undefined}
      />,
    );
    return {
      unmount() {
        root.unmount();
        host.remove();
      },
      ask: relay.ask,
    };
  };
}
