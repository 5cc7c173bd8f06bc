/**
 * The Sidepanel's file of the CDN build (`sitesearch-sidepanel.js`), imported on first
 * interaction. `sitesearch.js` checked only what it needed up front, so the options are resolved
 * in full here (an invalid one is reported in the console by the loader). As for the modal's
 * `askAi`, the rules of `baseUrl` and `searchParameters` are a chunk of their own (the one the
 * modal's options use), imported only when one of them is given; the container is the one the
 * loader resolved.
 */
import { resolveSidepanelOptionsWith, type HostedOptionRules } from '../core/options/sidepanelOptionsBase.js';
import type { MountSidepanel } from '../ui/sidepanel/contract.js';
import { createSidepanelMount } from '../ui/sidepanel/mountSidepanel.js';

export async function createCdnSidepanelMount(given: Record<string, unknown>, container: HTMLElement, environment: Window, chatStylesheet: string): Promise<MountSidepanel> {
  const hosted: HostedOptionRules | undefined = given.baseUrl === undefined && given.searchParameters === undefined ? undefined : await import('../core/options/askAi.js');
  // The container the loader resolved: a selector looked up again might now match another element.
  const options = resolveSidepanelOptionsWith({ ...given, container }, 'js', { hosted, container: () => container });
  return createSidepanelMount(options, container, environment, chatStylesheet);
}
