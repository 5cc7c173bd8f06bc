import type { MountSidepanel } from '../ui/sidepanel/contract.js';
import { ensureTrigger } from './trigger.js';
import { SIDEPANEL_BUTTON_ATTRIBUTE, sidepanelButtonHtml, type SidepanelButtonContent } from './sidepanelButtonMarkup.js';
import { createSidepanelLoader, type SidepanelLoaderOptions } from './sidepanelLoader.js';

/** What `sidepanel(options)` returns (JavaScript entry and CDN script). */
export interface SidepanelInstance {
  /** Opens the panel (loading it first if needed). */
  open(): void;
  /** Closes the panel. */
  close(): void;
  /** Removes the trigger, the panel and every listener the widget added. */
  destroy(): void;
}

/**
 * The wiring both `sidepanel(options)` functions share: the trigger in `container` (kept if
 * server-rendered), the island that loads the panel into `container` on first interaction.
 */
export function startSidepanel(
  container: HTMLElement,
  button: SidepanelButtonContent,
  loader: Omit<SidepanelLoaderOptions, 'root' | 'portal' | 'load'> & { load(): Promise<MountSidepanel> },
): SidepanelInstance {
  const removeTrigger = ensureTrigger(container, SIDEPANEL_BUTTON_ATTRIBUTE, () => sidepanelButtonHtml(button));
  const island = createSidepanelLoader({ ...loader, root: container, portal: () => container });
  return {
    open: island.open,
    close: island.close,
    destroy() {
      island.destroy();
      removeTrigger();
    },
  };
}
