/**
 * The navbar's search: the server-rendered button and its small loader are all a page loads up
 * front. On intent (hover, focus, touch, Ctrl/Cmd+K, `/`) the loader imports the modal's chunk
 * (Modal.tsx) and links its stylesheet, and shows the modal once both are in; keys typed meanwhile
 * land in its input. Results open through the Docusaurus router. Swizzle it to pass function
 * options (`transformItems`, `hitComponent`, …) to `SiteSearch`.
 */
import { SiteSearch, type SiteSearchReactProps } from '@sitesearch/islands/react/lazy';
import { useButtonOptions } from './buttonOptions.js';
import { chatStylesheet, modalStylesheets } from './stylesheets.js';

const loadModal = () => import('./Modal.js').then((module) => module.default);

export default function SearchBar(props: Partial<SiteSearchReactProps>) {
  return <SiteSearch {...useButtonOptions()} {...props} modal={loadModal} stylesheets={modalStylesheets} chatStylesheet={chatStylesheet} />;
}
