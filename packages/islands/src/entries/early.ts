/**
 * `dist/cdn/sitesearch-early.js`: the widgets' shortcuts from the first paint, for pages whose
 * SiteSearch code starts late (hydrated SSG pages). A classic script linked in the page's head
 * (`<script src>`, so `script-src 'self'` allows it); the modal's shortcuts it listens for are
 * those of its `data-keyboard-shortcuts` attribute, JSON of the `keyboardShortcuts` option (both
 * when absent); the Sidepanel's `Ctrl/Cmd+I` where the page's Sidepanel trigger announces it.
 *
 * The key rules (`core/shortcuts`, about 0.6 KB of this file) are the loader's own module, but
 * each file carries its copy: nothing can be shared at run time without growing one of them. This
 * script must be classic to run before the page is parsed (a module, or an `import()` of a shared
 * chunk, runs after), and a classic script cannot import; the loader is bundled by the site's own
 * bundler (Vite, webpack) under names this file cannot know, and must work without this script
 * (CDN pages, both modal shortcuts off), so it cannot borrow the rules from here either.
 */
import { EARLY_SHORTCUTS_ATTRIBUTE, listenEarly } from '../shell/earlyShortcuts.js';

const shortcuts = JSON.parse(document.currentScript?.getAttribute(EARLY_SHORTCUTS_ATTRIBUTE) || '{}') as Record<string, unknown>;
listenEarly(window, { 'Ctrl/Cmd+K': shortcuts['Ctrl/Cmd+K'] !== false, '/': shortcuts['/'] !== false });
