// What an SSG page loads up front: the loader alone (options were checked at build time).
export { createLoader } from '../../src/shell/loader.js';
