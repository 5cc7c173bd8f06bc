import { isElement } from './checks.js';
import { invalidOption, optionError, type WidgetName } from './errors.js';

/**
 * Resolves the `container` option of the JavaScript functions: an element is used as it is; a
 * selector string uses the first match (like `querySelector`), and matching nothing is an error
 * rather than a widget that silently never appears.
 */
export function resolveContainer(widget: WidgetName, container: unknown, environment: { document: Document }): HTMLElement {
  if (container === undefined || container === null) {
    throw optionError(widget, 'option "container" is required: pass a CSS selector or an element to mount the widget in.');
  }
  if (typeof container === 'string') {
    if (container.trim() === '') throw invalidOption(widget, 'container', container, 'a CSS selector or an element');
    let match: Element | null;
    try {
      match = environment.document.querySelector(container);
    } catch {
      throw optionError(widget, `option "container" is not a valid CSS selector: ${JSON.stringify(container)}.`);
    }
    if (!match) throw optionError(widget, `option "container": no element matches the selector ${JSON.stringify(container)}.`);
    return match as HTMLElement;
  }
  if (isElement(container)) return container as HTMLElement;
  throw invalidOption(widget, 'container', container, 'a CSS selector or an element');
}

/** Resolves the `environment` option (default: the global `window`). */
export function resolveEnvironment(widget: WidgetName, environment: unknown): typeof window {
  if (environment === undefined) {
    if (typeof window === 'undefined') {
      throw optionError(widget, 'no "environment" was given and there is no global window: call the function in a browser, or pass "environment".');
    }
    return window;
  }
  const candidate = environment as { document?: { querySelector?: unknown } } | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.document?.querySelector !== 'function') {
    throw invalidOption(widget, 'environment', environment, 'a window-like object with a "document"');
  }
  return environment as typeof window;
}
