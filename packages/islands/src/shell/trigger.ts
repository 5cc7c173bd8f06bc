/**
 * Puts a widget's trigger in its container unless one is already there (a server-rendered
 * trigger, the SSR shell, is kept as it is). Returns how to take away what was added.
 */
export function ensureTrigger(container: Element, attribute: string, html: () => string): () => void {
  if (container.querySelector(`[${attribute}]`)) return () => {};
  const template = container.ownerDocument.createElement('template');
  template.innerHTML = html();
  const trigger = template.content.firstElementChild!;
  container.appendChild(trigger);
  return () => trigger.remove();
}
