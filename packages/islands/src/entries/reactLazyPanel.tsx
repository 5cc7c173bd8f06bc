/**
 * `@sitesearch/islands/react/lazy-panel`: the chunk `Sidepanel` of `@sitesearch/islands/react/lazy`
 * imports on intent. `SidepanelPanel` resolves the options and renders the panel's host with the
 * page's React inside the page's tree. A page whose options come from its own hooks renders it
 * from a chunk of its own (`Sidepanel`'s `panel`).
 */
import { useEffect } from 'react';
import { resolveSidepanelOptions } from '../core/options/sidepanelOptions.js';
import type { SidepanelProps } from '../core/options/types.js';
import type { SidepanelHostProps, SidepanelMountContext } from '../ui/sidepanel/contract.js';
import { SidepanelHost } from '../ui/sidepanel/SidepanelHost.js';
import { useChatStylesheet, useResolved } from './reactLazyShared.js';

export interface SidepanelPanelProps {
  /** The panel's options (`Sidepanel`'s props), resolved on every render. */
  options: SidepanelProps;
  /** What the loader gives the panel when it mounts. */
  context: SidepanelMountContext;
  /** Hands the panel's `ask` to the loader (hybrid mode). */
  registerAsk: SidepanelHostProps['registerAsk'];
  /** URL of the chat's stylesheet, linked when the panel first opens. */
  chatStylesheet?: string | undefined;
}

/** The Sidepanel of `@sitesearch/islands/react/lazy`. Options it refuses are reported in the console and the panel closes. */
export function SidepanelPanel({ options: props, context, registerAsk, chatStylesheet }: SidepanelPanelProps) {
  const options = useResolved(() => resolveSidepanelOptions(props, 'react'));
  useEffect(() => {
    if (options.value) return;
    console.error('sitesearch: the Sidepanel could not be loaded.', options.error);
    context.takePendingQuery();
    context.store.close();
    context.returnFocus();
  }, [options.value]);
  const chat = useChatStylesheet(chatStylesheet);
  if (!options.value) return null;
  return (
    <SidepanelHost
      options={options.value}
      store={context.store}
      environment={window}
      takePendingQuery={context.takePendingQuery}
      onClosed={context.returnFocus}
      registerAsk={registerAsk}
      chatStylesheet={chat}
    />
  );
}
