/**
 * The widgets' CustomEvents, for a site's analytics (Plausible, Google Analytics, Matomo, its own
 * collector): dispatched on the widget's document, bubbling to `window`, named `sitesearch:<name>`
 * with the details below. Listening costs the widget nothing, and a listener that throws cannot
 * break it: `dispatchEvent` reports a listener's error to the page and carries on.
 */

/** Where an Ask AI event came from. */
export type AskAiSurface = 'modal' | 'sidepanel';

/** The `detail` of each event, by name (without the `sitesearch:` prefix). */
export interface SiteSearchEventDetails {
  /** The search modal opened. */
  'modal-open': Record<string, never>;
  /** The search modal closed. */
  'modal-close': Record<string, never>;
  /** A search settled: its results showed and the query then stayed unchanged for a moment (one event per search, not per keystroke). */
  search: { query: string; index: string; nbHits: number; empty: boolean };
  /** A result was opened (click, Enter or a modified click); `position` counts the results shown from 1. */
  'hit-open': { query: string; url: string; position: number; index: string; objectID: string };
  /** A question was sent to the assistant. */
  ask: { question: string; surface: AskAiSurface };
  /** The assistant's answer to `question` finished streaming. */
  answer: { question: string; surface: AskAiSurface };
  /** The reader liked or disliked the answer to `question`. */
  feedback: { question: string; vote: 'like' | 'dislike'; surface: AskAiSurface };
  /** The Sidepanel opened. */
  'sidepanel-open': Record<string, never>;
  /** The Sidepanel closed. */
  'sidepanel-close': Record<string, never>;
}

/** The events as `addEventListener` sees them: `window.addEventListener('sitesearch:search', (event) => event.detail.query)`. */
export type SiteSearchEventMap = { [name in keyof SiteSearchEventDetails as `sitesearch:${name}`]: CustomEvent<SiteSearchEventDetails[name]> };

declare global {
  // So `addEventListener('sitesearch:…')` on window and document is typed for TypeScript users.
  interface WindowEventMap extends SiteSearchEventMap {}
  interface DocumentEventMap extends SiteSearchEventMap {}
}

/** Dispatches one event; never throws (an old browser without CustomEvent just sends none). */
export function emitEvent<N extends keyof SiteSearchEventDetails>(environment: { document: Document } | undefined, name: N, detail: SiteSearchEventDetails[N]): void {
  try {
    environment!.document.dispatchEvent(new CustomEvent(`sitesearch:${name}`, { bubbles: true, detail }));
  } catch {
    // Analytics are never worth a broken widget.
  }
}
