/**
 * Template support (templates.tsx: htm, the error boundary) for components that need it only when
 * a function option is set: the modal's `hitComponent` and `resultsFooterComponent`, the chat's
 * tool lines with `aggregatedToolCallNode`. Most sites set none of them, so htm and the boundary
 * stay off the way to the first result and the first answer: templates.tsx registers itself here
 * when it loads, and whoever mounts a widget with such an option loads it first
 * (`needsTemplateSupport`, `loadTemplateSupport`).
 */
import type { TemplateHelpers } from '../core/options/types.js';
import type { renderTemplate as RenderTemplate } from './templates.js';

let registered: { render: typeof RenderTemplate; helpers: TemplateHelpers } | undefined;

/** Called by templates.tsx as it loads. */
export const registerTemplateSupport = (render: typeof RenderTemplate, helpers: TemplateHelpers): void => {
  registered = { render, helpers };
};

/** Loads template support (it registers itself); resolves once `renderTemplate` renders templates. */
export const loadTemplateSupport = (): Promise<unknown> => import('./templates.js');

/** Whether the modal's options hold a template, so its mount must load template support first. */
export const needsTemplateSupport = (options: { hitComponent?: unknown; resultsFooterComponent?: unknown }): boolean =>
  Boolean(options.hitComponent || options.resultsFooterComponent);

/** templates.tsx's `renderTemplate` once loaded; until then the default rendering (`fallback`). */
export const renderTemplate: typeof RenderTemplate = (name, call, fallback, shape) => (registered ? registered.render(name, call, fallback, shape) : fallback);

/** The helpers handed to templates; a template only runs inside `renderTemplate`, so after the load. */
export const templateHelpers: TemplateHelpers = {
  html: (strings, ...values) => registered!.helpers.html(strings, ...values),
};
