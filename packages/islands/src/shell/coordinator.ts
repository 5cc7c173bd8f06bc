import type { ShortcutVerb } from '../core/shortcuts/shortcuts.js';
import type { ReadableStore } from '../core/state/store.js';
import { createSurfaceStore, type SurfaceStore, type WidgetKind } from '../core/state/surfaces.js';

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
  /**
   * What a keydown asks of it, given whether a widget of its kind is open: its own enabled
   * shortcuts and Escape (`getModalShortcut`, `getSidepanelShortcut`). Brought by each widget, so
   * a page loads the key rules of the widgets it has, and no others.
   */
  shortcut(event: KeyboardEvent, isOpen: boolean): ShortcutVerb | undefined;
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

  const ofKind = (kind: WidgetKind) => widgets.filter((widget) => widget.kind === kind);
  const latest = (kind: WidgetKind) => ofKind(kind).pop();
  const isOpen = (kind: WidgetKind) => ofKind(kind).some((widget) => widget.store.get().isOpen);
  const closeAll = (kind: WidgetKind) => ofKind(kind).forEach((widget) => widget.store.get().isOpen && widget.close());

  /**
   * The page's one keydown listener (spec section 3). The modal's keys are asked first, so that
   * Escape closes the modal before a Sidepanel (they are never open together anyway). Handled
   * keys are prevented, so the browser's own `Ctrl+K` (address bar) does not fire; a key the page
   * already handled is left alone, but for Escape.
   */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented && event.key !== 'Escape') return;
    for (const kind of ['modal', 'sidepanel'] as const) {
      const widget = latest(kind);
      const verb = widget?.shortcut(event, isOpen(kind));
      if (verb) {
        event.preventDefault();
        return verb === 'open' ? widget!.open() : closeAll(kind);
      }
    }
  };

  return {
    surfaces,
    register(widget) {
      if (!widgets.length) environment.addEventListener('keydown', onKeyDown);
      widgets.push(widget);
      // Called on every change of the widget's state (the Sidepanel's width too): both branches
      // are no-ops when repeated (`opened` keeps the modal's Ask AI screen, nothing else is open).
      const watch = ({ isOpen: nowOpen }: { isOpen: boolean }) => {
        if (nowOpen) {
          // The surface first: the one closing below sees another is open and keeps its hands off focus.
          surfaces.opened(widget.kind);
          closeAll(widget.kind === 'modal' ? 'sidepanel' : 'modal');
        } else if (!isOpen(widget.kind)) surfaces.closed(widget.kind);
      };
      const unsubscribe = widget.store.subscribe(watch);
      watch(widget.store.get());
      return () => {
        const index = widgets.indexOf(widget);
        if (index < 0) return;
        widgets.splice(index, 1);
        unsubscribe();
        if (!isOpen(widget.kind)) surfaces.closed(widget.kind);
        if (!widgets.length) {
          environment.removeEventListener('keydown', onKeyDown);
          onEmpty();
        }
      };
    },
    handOffQuestion(question) {
      const sidepanel = ofKind('sidepanel')
        .filter((widget) => widget.ask)
        .pop();
      question = question.trim();
      if (!sidepanel || environment.innerWidth <= HYBRID_MIN_WIDTH || !question) return false;
      sidepanel.ask!(question);
      // Opening the Sidepanel closed the modal already; this covers a Sidepanel that was open.
      closeAll('modal');
      return true;
    },
    isOtherOpen(kind) {
      const open = surfaces.get();
      return open !== 'none' && !open.startsWith(kind);
    },
  };
}
