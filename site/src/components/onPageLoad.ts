/**
 * Runs `setup` on every page <ClientRouter /> shows: the first load and each navigation (module
 * scripts run once per window, while the body they enhance is replaced on each navigation).
 * The cleanup `setup` returns runs before the next setup, so listeners on `document` never pile up.
 */
export function onPageLoad(setup: () => (() => void) | void): void {
  let cleanup: (() => void) | void;
  document.addEventListener('astro:page-load', () => {
    cleanup?.();
    cleanup = setup();
  });
}

/** What public/theme.js puts on `window` (it runs in <head>, before any module script). */
export type ThemeChoice = 'light' | 'dark' | 'system';
declare global {
  interface Window {
    siteTheme?: { choice(): ThemeChoice; set(choice: ThemeChoice): void };
  }
}
