/**
 * Template support (templates.tsx: htm, the error boundary) for a component that needs it only
 * when a function option is set: the chat's tool lines with `aggregatedToolCallNode`. Importing
 * templates.tsx there would put it on the way to every first answer of the Sidepanel, which has no
 * other template. templates.tsx registers itself here when it loads: the modal imports it for its
 * own templates, and the Sidepanel loads it before its chat shows when such a text is set.
 */
import type { renderTemplate as RenderTemplate } from './templates.js';

let registered: typeof RenderTemplate | undefined;

/** Called by templates.tsx as it loads. */
export const registerTemplateSupport = (render: typeof RenderTemplate): void => {
  registered = render;
};

/** Loads template support (it registers itself); resolves once `renderTemplate` renders templates. */
export const loadTemplateSupport = (): Promise<unknown> => import('./templates.js');

/** templates.tsx's `renderTemplate` once loaded; until then the default rendering (`fallback`). */
export const renderTemplate: typeof RenderTemplate = (name, call, fallback, shape) => (registered ? registered(name, call, fallback, shape) : fallback);
