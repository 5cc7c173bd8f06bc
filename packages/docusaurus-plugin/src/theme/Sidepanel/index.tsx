/**
 * The Sidepanel, rendered once per page by `Root` when `themeConfig.sitesearch.sidepanel` asks for
 * it: up front only its server-rendered trigger and loader; on intent the panel's chunk
 * (Panel.tsx) and stylesheet. It shares the modal's assistant, so a question asked in one
 * continues in the other. Swizzle it to pass function options (`searchClient`, `container`, …) or
 * to wrap it; props given here override the config.
 */
// The islands' trigger, or nothing on sites without `sidepanel` (an alias of the plugin's webpack config).
import { Sidepanel as SiteSearchSidepanel } from '@sitesearch/docusaurus-sidepanel-trigger';
import type { SidepanelProps } from '@sitesearch/islands/core';
import { chatStylesheet, panelStylesheets } from './stylesheets.js';
import { useTriggerOptions } from './triggerOptions.js';

const loadPanel = () => import('./Panel.js').then((module) => module.default);

export default function Sidepanel(props: Partial<SidepanelProps>) {
  const options = useTriggerOptions();
  // Off unless the config turns it on: Root always renders this component.
  if (!options) return null;
  return <SiteSearchSidepanel {...(options as SidepanelProps)} {...props} panel={loadPanel} stylesheets={panelStylesheets} chatStylesheet={chatStylesheet} />;
}
