/**
 * The Sidepanel's chunk, imported on intent: the panel with the page locale's options and, without
 * credentials, the local assistant over the same local index client as the modal.
 */
import { createSidepanelMount, resolveSidepanelOptions } from '@sitesearch/islands/sidepanel';
import type { MountSidepanel } from '@sitesearch/islands/shell';
import { withLocalAssistantClient } from '@sitesearch/islands/ssg/browser';
import client from 'virtual:sitesearch/vitepress-client';
import localSearchClient from 'virtual:sitesearch/vitepress-local-client';
import shell from 'virtual:sitesearch/vitepress-shell';

export function createLocaleSidepanelMount(locale: string, portal: Element): Promise<MountSidepanel> {
  const config = client[locale] ?? client.root!;
  const options: Record<string, unknown> = localSearchClient ? withLocalAssistantClient({ ...config.sidepanel }, config.localIndexUrl, localSearchClient) : { ...config.sidepanel };
  return createSidepanelMount(resolveSidepanelOptions(options, 'integration'), portal, window, shell.stylesheets.chat);
}
