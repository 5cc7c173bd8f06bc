/**
 * What the Sidepanel's widget chunk and the code that loads it agree on: the island loader
 * (`shell/`) mounts it on the first interaction, the page coordinator opens, closes and hands it
 * questions (hybrid mode). Types only, so the shell imports nothing heavy from here.
 */
import type { ResolvedSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import type { SidepanelStore } from '../../core/state/widgetStores.js';

/** What the panel gets when it mounts. */
export interface SidepanelMountContext {
  /** Open and width state; the coordinator and the panel both drive it. */
  store: SidepanelStore;
  /** Returns (once) what the user typed while the panel loaded, and stops capturing. */
  takePendingQuery(): string | undefined;
  /** Moves focus back to the element that opened the panel (the trigger). */
  returnFocus(): void;
}

/** Sends a question in the panel (`MountedSidepanel.ask`). */
export type SidepanelAsk = (question: string, conversationId?: string) => void;

/** A mounted panel. */
export interface MountedSidepanel {
  unmount(): void;
  /**
   * Opens the panel (if closed) and sends `question` (hybrid hand-off): in the stored conversation
   * `conversationId` when given (the one the modal was showing), else in the current one.
   */
  ask: SidepanelAsk;
}

export type MountSidepanel = (context: SidepanelMountContext) => MountedSidepanel;

/** The widget chunk, as the JavaScript and CDN entries import it on first interaction. */
export interface SidepanelModule {
  /**
   * Resolves once the panel's code is ready; the returned function renders the panel into a node
   * appended to `portalParent`. `chatStylesheet` is the URL of the chat's styles, linked when the
   * panel first opens (without it the page's stylesheet must hold them).
   */
  createSidepanelMount(options: ResolvedSidepanelOptions, portalParent: Element, environment: Window, chatStylesheet?: string): Promise<MountSidepanel>;
}

/** Props of the component that renders the panel (the React entry renders it in its own tree). */
export interface SidepanelHostProps {
  options: ResolvedSidepanelOptions;
  store: SidepanelStore;
  environment: Window;
  takePendingQuery?: () => string | undefined;
  /** Called after the panel closes (focus goes back to the trigger). */
  onClosed?: () => void;
  /** Receives the panel's `ask` once it is rendered (hybrid hand-off), `undefined` when it goes. */
  registerAsk?: (ask: SidepanelAsk | undefined) => void;
  /** The chat's stylesheet to link on first open, in the host node (outlives router swaps). */
  chatStylesheet?: { href: string; parent: Element } | undefined;
}
