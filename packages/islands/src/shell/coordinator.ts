import { listenForShortcuts, type ShortcutAction } from '../core/shortcuts/shortcuts.js';
import type { ReadableStore } from '../core/state/store.js';
import { createSurfaceStore, surfaceKind, type SurfaceStore, type WidgetKind } from '../core/state/surfaces.js';

/**
 * The page coordinator: one per window, shared by every widget on the page whatever entry
 * (JavaScript, CDN, React, Astro) loaded it. It owns the single keydown listener of spec
 * section 3, keeps which surface is open (never two: opening one closes the other), and hands a
 * question asked in the modal to the Sidepanel (hybrid mode).
 */

/** Screens at or below this width keep the chat in the modal (the Sidepanel would be full screen). */
export const HYBRID_MIN_WIDTH = 768;

/** A widget as the coordinator sees it. */
export interface CoordinatedWidget {
  kind: WidgetKind;
  /** Its enabled shortcuts (`Ctrl/Cmd+K` and `/` for the modal, `Ctrl/Cmd+I` for the Sidepanel). */
  shortcuts: { 'Ctrl/Cmd+K'?: boolean; '/'?: boolean; 'Ctrl/Cmd+I'?: boolean };
  /** Its open state, watched so that however it opens (a click, its own UI) the other closes. */
  store: ReadableStore<{ isOpen: boolean }>;
  open(): void;
  close(): void;
  /** Sidepanel: opens the panel (loading it if needed) and sends `question`. */
  ask?(question: string): void;
}

export interface PageCoordinator {
  /** Which surface is open. */
  surfaces: SurfaceStore;
  /** Adds a widget; returns how to remove it (the last removal takes the key listener away). */
  register(widget: CoordinatedWidget): () => void;
  /**
   * Hybrid mode: when a Sidepanel is on the page and the window is wider than 768px, closes the
   * modal, sends `question` in the Sidepanel and returns `true`; otherwise returns `false` and the
   * modal answers itself.
   */
  handOffQuestion(question: string): boolean;
  /** Whether a surface of another kind than `kind` is open (then `kind` must not take focus back). */
  isOtherOpen(kind: WidgetKind): boolean;
}

// On the window, under a registry symbol: the CDN script, its chunks and a React island each carry
// their own copy of this module, yet must share one coordinator.
const KEY = Symbol.for('sitesearch.pageCoordinator');
type WithCoordinator = Window & { [KEY]?: PageCoordinator };

/** The window's coordinator, created on first use. */
export function getPageCoordinator(environment: Window = window): PageCoordinator {
  const holder = environment as WithCoordinator;
  return (holder[KEY] ??= createPageCoordinator(environment, () => delete holder[KEY]));
}

function createPageCoordinator(environment: Window, onEmpty: () => void): PageCoordinator {
  const surfaces = createSurfaceStore();
  // In registration order; the latest widget of a kind answers its shortcuts.
  const widgets: CoordinatedWidget[] = [];
  let stopListening: (() => void) | undefined;

  const latest = (kind: WidgetKind, test: (widget: CoordinatedWidget) => unknown = () => true) => {
    for (let index = widgets.length - 1; index >= 0; index--) if (widgets[index]!.kind === kind && test(widgets[index]!)) return widgets[index];
    return undefined;
  };
  const isOpen = (kind: WidgetKind) => widgets.some((widget) => widget.kind === kind && widget.store.get().isOpen);
  const closeAll = (kind: WidgetKind) => {
    for (const widget of widgets) if (widget.kind === kind && widget.store.get().isOpen) widget.close();
  };

  const route = (action: ShortcutAction) => {
    const sidepanel = latest('sidepanel');
    if (action === 'openModal' || action === 'toggleModal') latest('modal')?.open();
    else if (action === 'closeModal') closeAll('modal');
    else if (action === 'closeSidepanel') closeAll('sidepanel');
    else if (action === 'toggleSidepanel') {
      if (isOpen('sidepanel')) closeAll('sidepanel');
      else sidepanel?.open();
    }
  };

  const listen = () =>
    listenForShortcuts(environment, {
      getContext() {
        const modal = latest('modal');
        const sidepanel = latest('sidepanel');
        return {
          modal: modal && { 'Ctrl/Cmd+K': modal.shortcuts['Ctrl/Cmd+K'] === true, '/': modal.shortcuts['/'] === true },
          sidepanel: sidepanel && { 'Ctrl/Cmd+I': sidepanel.shortcuts['Ctrl/Cmd+I'] === true },
          isModalOpen: isOpen('modal'),
          isSidepanelOpen: isOpen('sidepanel'),
        };
      },
      onAction: route,
    });

  const coordinator: PageCoordinator = {
    surfaces,
    register(widget) {
      widgets.push(widget);
      stopListening ??= listen();
      let wasOpen = false;
      const watch = ({ isOpen: nowOpen }: { isOpen: boolean }) => {
        if (nowOpen === wasOpen) return;
        wasOpen = nowOpen;
        if (nowOpen) {
          // The surface first: the one closing below sees another is open and keeps its hands off focus.
          surfaces.opened(widget.kind);
          for (const other of widgets) if (other !== widget && other.kind !== widget.kind && other.store.get().isOpen) other.close();
        } else if (!isOpen(widget.kind)) surfaces.closed(widget.kind);
      };
      const unsubscribe = widget.store.subscribe(watch);
      watch(widget.store.get());
      let registered = true;
      return () => {
        if (!registered) return;
        registered = false;
        unsubscribe();
        widgets.splice(widgets.indexOf(widget), 1);
        if (!isOpen(widget.kind)) surfaces.closed(widget.kind);
        if (widgets.length === 0) {
          stopListening?.();
          stopListening = undefined;
          onEmpty();
        }
      };
    },
    handOffQuestion(question) {
      const sidepanel = latest('sidepanel', (widget) => widget.ask);
      if (!sidepanel || !(environment.innerWidth > HYBRID_MIN_WIDTH) || question.trim() === '') return false;
      sidepanel.ask!(question.trim());
      // Opening the Sidepanel closed the modal already; this covers a Sidepanel that was open.
      closeAll('modal');
      return true;
    },
    isOtherOpen(kind) {
      const open = surfaceKind(surfaces.get());
      return open !== undefined && open !== kind;
    },
  };
  return coordinator;
}
