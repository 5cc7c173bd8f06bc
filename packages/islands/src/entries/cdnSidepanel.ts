/**
 * The Sidepanel's file of the CDN build (`sitesearch-sidepanel.js`), imported on first
 * interaction. `sitesearch.js` checked only what it needed up front, so the options are resolved
 * in full here (an invalid one is reported in the console by the loader).
 */
import { resolveSidepanelOptions } from '../core/options/sidepanelOptions.js';
import type { MountSidepanel } from '../ui/sidepanel/contract.js';
import { createSidepanelMount } from '../ui/sidepanel/mountSidepanel.js';

export function createCdnSidepanelMount(given: Record<string, unknown>, container: HTMLElement, environment: Window, chatStylesheet: string): Promise<MountSidepanel> {
  return createSidepanelMount(resolveSidepanelOptions({ ...given, container }, 'js'), container, environment, chatStylesheet);
}
