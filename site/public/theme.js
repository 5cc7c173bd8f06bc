// The site's theme, applied before the first paint. Loaded by a blocking <script src> at the top
// of <head> (the site runs under `script-src 'self'`, so it cannot be inline): by the time the
// body is parsed, <html data-theme> already holds the visitor's theme, so nothing flashes.
// The search widget follows the same attribute, so it switches with the site.
(() => {
  const KEY = 'sitesearch-site-theme';
  const CHOICES = ['light', 'dark', 'system'];
  const systemDark = matchMedia('(prefers-color-scheme: dark)');

  // Storage can throw (blocked storage, sandboxed frames): the theme then follows the system.
  const stored = () => {
    try {
      const value = localStorage.getItem(KEY);
      return CHOICES.includes(value) ? value : 'system';
    } catch {
      return 'system';
    }
  };
  // Kept in memory too, so a choice storage refuses still holds for this tab's navigations.
  let choice = stored();

  /** Sets the theme attributes on a root element: this page's, or the next page's before the router swaps it in. */
  const apply = (root) => {
    // The theme switch shows the choice from this attribute, so it is right before any script runs.
    root.setAttribute('data-theme-choice', choice);
    // A demo page that shows one theme keeps it (it is rendered with data-theme-fixed).
    if (root.hasAttribute('data-theme-fixed')) return;
    root.setAttribute('data-theme', choice === 'system' ? (systemDark.matches ? 'dark' : 'light') : choice);
  };

  apply(document.documentElement);
  // <ClientRouter /> copies the next page's <html> attributes over the current ones: give the
  // next page the theme before the swap, so it never paints with the server's default.
  document.addEventListener('astro:before-swap', (event) => apply(event.newDocument.documentElement));
  systemDark.addEventListener('change', () => apply(document.documentElement));
  // Another tab changed the choice.
  addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    choice = stored();
    apply(document.documentElement);
  });

  /** Used by the theme switch (src/components/ThemeSwitch.astro). */
  window.siteTheme = {
    choice: () => choice,
    set(next) {
      if (!CHOICES.includes(next)) return;
      choice = next;
      try {
        if (next === 'system') localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, next);
      } catch {
        // Not remembered across visits; this tab still has it.
      }
      apply(document.documentElement);
    },
  };
})();
