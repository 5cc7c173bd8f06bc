/**
 * The Sidepanel's chunk, imported on intent: its options completed from the config (`askAi`, the
 * local assistant, the page's locale) with the props given to `Sidepanel` on top, rendered by
 * `SidepanelPanel`.
 */
import { SidepanelPanel, type SidepanelPanelProps } from '@sitesearch/islands/react/lazy-panel';
import type { SidepanelProps } from '@sitesearch/islands/core';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';

export default function Panel({ options, ...rest }: SidepanelPanelProps) {
  const { sidepanel } = useSiteSearchConfig();
  // `options`: the trigger's options (the same values as the config's) and Sidepanel's props.
  return <SidepanelPanel options={{ ...(sidepanel as unknown as SidepanelProps), ...options }} {...rest} />;
}
