/**
 * The Sidepanel's island and its trigger's stylesheet: only sites with `sidepanel` import this
 * module (through `virtual:sitesearch/vitepress-sidepanel`), so the others ship neither. It
 * registers with the page coordinator, which hands it questions asked in the modal (hybrid mode).
 */
import '@sitesearch/islands/sidepanel-button.css';
import { createSidepanelLoader, type SidepanelLoader } from '@sitesearch/islands/shell';
import shell from 'virtual:sitesearch/vitepress-shell';

/** The island of the Sidepanel in `locale`'s language; the panel's chunk loads on intent. */
export function createLocaleSidepanelLoader(locale: string, portal: () => HTMLElement): SidepanelLoader | undefined {
  if (!shell.sidepanel) return undefined;
  return createSidepanelLoader({
    keyboardShortcuts: shell.sidepanel.keyboardShortcuts,
    preconnect: shell.sidepanel.preconnect,
    stylesheets: [shell.stylesheets.sidepanel],
    portal,
    load: () => import('./sidepanelWidget.js').then((widget) => widget.createLocaleSidepanelMount(locale, portal())),
  });
}
