/**
 * The Sidepanel (its trigger and, on demand, the panel), rendered once per page by `Root` when
 * `themeConfig.sitesearch.sidepanel` asks for it. It shares the modal's assistant, so a question
 * asked in one continues in the other. Swizzle it to pass function options (`searchClient`,
 * `container`, …) or to wrap it; props given here override the config.
 */
import { Sidepanel as SiteSearchSidepanel } from '@sitesearch/islands/react';
import type { SidepanelProps } from '@sitesearch/islands/core';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';

export default function Sidepanel(props: Partial<SidepanelProps>) {
  const { sidepanel } = useSiteSearchConfig();
  // Off unless the config turns it on: Root always renders this component.
  if (!sidepanel) return null;
  return <SiteSearchSidepanel {...(sidepanel as unknown as SidepanelProps)} {...props} />;
}
