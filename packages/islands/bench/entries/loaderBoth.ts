// What an SSG page with both widgets (search modal + Sidepanel) loads up front: both islands
// (they share the page coordinator and the shortcut listener); options were checked at build time.
export { createLoader } from '../../src/shell/loader.js';
export { createSidepanelLoader } from '../../src/shell/sidepanelLoader.js';
