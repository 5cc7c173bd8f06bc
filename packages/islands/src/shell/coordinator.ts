import type { ShortcutVerb } from '../core/shortcuts/shortcuts.js';
import type { ReadableStore } from '../core/state/store.js';
import { createSurfaceStore, type SurfaceStore, type WidgetKind } from '../core/state/surfaces.js';

/**
 * The page coordinator: one per window, shared by every widget on the page whatever entry
 * (JavaScript, CDN, React, Astro) loaded it. It owns the single keydown listener of spec
 * section 3, keeps which surface is open (never two: opening a widget closes any other), and hands
 * a question asked in the modal to the Sidepanel (hybrid mode). Terse on purpose: it runs on every
 * page before any interaction.
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
  /** Closes it; does nothing when it is closed (the coordinator and the early script close every other widget). */
  close(): void;
  /**
   * Sidepanel: takes a question asked in the modal if it can (hybrid mode: a wide enough window,
   * and its code loaded), opens (which closes the modal) and sends it; resolves whether it took it.
   */
  ask?(question: string, conversationId?: string): boolean | Promise<boolean>;
}

export interface PageCoordinator {
  /** Which surface is open. */
  surfaces: SurfaceStore;
  /** The registered widgets (read by the early shortcut script: it keeps the keys of the kinds not here yet). */
  readonly widgets: readonly CoordinatedWidget[];
  /** Adds a widget; returns how to remove it (the last removal takes the key listener away). */
  register(widget: CoordinatedWidget): () => void;
  /**
   * Hybrid mode: when a Sidepanel is on the page, the window is wider than 768px and the panel's
   * code loads, closes the modal, sends `question` in the Sidepanel and resolves `true`; otherwise
   * resolves `false` and the modal answers itself, so the question is never lost.
   */
  handOffQuestion: HandOffQuestion;
}

/**
 * Offers a question asked in the modal to the page's other widgets; resolves whether one took it.
 * `conversationId`: the stored conversation the modal was showing, which the question follows up.
 */
export type HandOffQuestion = (question: string, conversationId?: string) => Promise<boolean>;

// On the window, under a registry symbol: the CDN script, its chunks and a React island each carry
// their own copy of this module, yet must share one coordinator.
// Exported for the early shortcut script, which stands aside on a page whose islands already run.
export const PAGE_COORDINATOR_KEY = Symbol.for('sitesearch.pageCoordinator');
type WithCoordinator = Window & { [PAGE_COORDINATOR_KEY]?: PageCoordinator };

/** The window's coordinator, created on first use. */
export function getPageCoordinator(environment: Window = window): PageCoordinator {
  const holder = environment as WithCoordinator;
  return (holder[PAGE_COORDINATOR_KEY] ??= createPageCoordinator(environment, () => delete holder[PAGE_COORDINATOR_KEY]));
}

function createPageCoordinator(environment: Window, onEmpty: () => void): PageCoordinator {
  const surfaces = createSurfaceStore();
  // In registration order.
  const widgets: CoordinatedWidget[] = [];
  const isOpen = (widget: CoordinatedWidget) => widget.store.get().isOpen;
  // Nothing open any more: no surface.
  const clearIfNoneOpen = () => widgets.some(isOpen) || surfaces.set('none');

  /**
   * The page's one keydown listener (spec section 3): the latest widget that wants the key gets
   * it. Only one widget is open at a time, so Escape always means that one; the toggles are
   * different keys. Handled keys are prevented, so the browser's own `Ctrl+K` (address bar)
   * does not fire; a key the page already handled is left alone, but for Escape.
   */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented && event.key !== 'Escape') return;
    for (let index = widgets.length; index--; ) {
      const widget = widgets[index]!;
      const verb = widget.shortcut(event, isOpen(widget));
      if (verb) {
        event.preventDefault();
        return verb === 'open' ? widget.open() : widget.close();
      }
    }
  };

  return {
    surfaces,
    widgets,
    register(widget) {
      if (!widgets.length) environment.addEventListener('keydown', onKeyDown);
      widgets.push(widget);
      // Called on every change of the widget's state (the Sidepanel's width too), so it acts on
      // what is open now, never on a change.
      const watch = () => {
        if (!isOpen(widget)) return clearIfNoneOpen();
        // The surface first: the widget closing below sees another is open and keeps its hands
        // off focus. (Only a change of what is open comes here but for the Sidepanel's width,
        // which sets the same surface again: the modal's Ask AI screen is never overwritten.)
        surfaces.set(widget.kind);
        for (const other of widgets) if (other !== widget) other.close();
      };
      // Islands register with a closed widget (nothing to do until it changes).
      const unsubscribe = widget.store.subscribe(watch);
      return () => {
        const index = widgets.indexOf(widget);
        if (index < 0) return;
        widgets.splice(index, 1);
        unsubscribe();
        clearIfNoneOpen();
        if (!widgets.length) {
          environment.removeEventListener('keydown', onKeyDown);
          onEmpty();
        }
      };
    },
    // The rules (width, empty question) are the Sidepanel's: a page without one never loads them.
    async handOffQuestion(question, conversationId) {
      for (const widget of [...widgets]) if (await widget.ask?.(question, conversationId)) return true;
      return false;
    },
  };
}
