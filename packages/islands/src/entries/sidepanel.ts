/**
 * `@sitesearch/islands/sidepanel`: the Sidepanel's chunk of the JavaScript entry (loaded on first
 * interaction), also what integrations import in their own widget chunk.
 */
export { createSidepanelMount } from '../ui/sidepanel/mountSidepanel.js';
// Integrations resolve their options in the same chunk as the panel, so the core ships once.
export { resolveSidepanelOptions } from '../core/options/sidepanelOptions.js';
