/**
 * Side effects of an open modal on the host page: scroll lock without layout shift, and a focus
 * trap. Both only touch the page through CSSOM and listeners (no style attributes in markup), so
 * they work under a strict Content-Security-Policy.
 */

const LOCK_CLASS = 'sitesearch--scroll-locked';

/** Locks page scroll, keeping the scrollbar's width as padding so nothing moves. Returns the unlock. */
export function lockPageScroll(environment: Window): () => void {
  const { document } = environment;
  const root = document.documentElement;
  if (root.classList.contains(LOCK_CLASS)) return () => {};
  const scrollbarWidth = environment.innerWidth - root.clientWidth;
  root.style.setProperty('--sitesearch-scrollbar-width', `${Math.max(0, scrollbarWidth)}px`);
  root.classList.add(LOCK_CLASS);
  return () => {
    root.classList.remove(LOCK_CLASS);
    root.style.removeProperty('--sitesearch-scrollbar-width');
  };
}

const FOCUSABLE = 'a[href]:not([tabindex="-1"]),button:not([disabled]):not([tabindex="-1"]),input:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside `container`. */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.offsetParent !== null || element === container.ownerDocument.activeElement);
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
