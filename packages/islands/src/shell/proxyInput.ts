/**
 * The typing proxy: an invisible field that takes the keys typed between a shortcut (or a click)
 * and the widget's input being there, in order (IME and paste included). Focusing it inside the
 * user's gesture also opens the keyboard on mobile. The island creates it, and so does the early
 * shortcut script before the island's code has loaded; the widget reads its value when it mounts.
 */
export function createProxyInput(document: Document, parent: Element): HTMLInputElement {
  const proxy = document.createElement('input');
  proxy.className = 'sitesearch-proxy-input';
  proxy.setAttribute('aria-hidden', 'true');
  proxy.tabIndex = -1;
  parent.appendChild(proxy);
  proxy.focus();
  return proxy;
}
