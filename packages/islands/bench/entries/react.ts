// What a React page loads up front with <SiteSearch /> (React itself not counted).
export { SiteSearch } from '../../src/entries/react.js';
