import { optionError, type WidgetName } from '../core/options/errors.js';

/**
 * The CDN loader's `container`: an element as it is, or the first match of a selector. The type
 * was checked already (the table of option types: a string or an element), so what is left is a
 * missing container or a selector that matches nothing (or is not one), each an error rather than
 * a widget that silently never appears. The full resolvers use `resolveContainer`, with the same
 * rules; this is its loader-sized form.
 */
export function findContainer(widget: WidgetName, container: unknown, document: Document): HTMLElement {
  if (container == null) throw optionError(widget, 'option "container" is required: pass a CSS selector or an element to mount the widget in.');
  let match: unknown = container;
  try {
    if (typeof container === 'string') match = document.querySelector(container);
  } catch {
    match = null;
  }
  if (!match) throw optionError(widget, `option "container": no element matches the selector ${JSON.stringify(container)}.`);
  return match as HTMLElement;
}
