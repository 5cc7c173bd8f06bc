/**
 * `dist/cdn/sitesearch-early.js`: the modal's shortcuts from the first paint, for pages whose
 * SiteSearch code starts late (hydrated SSG pages). A classic script linked in the page's head
 * (`<script src>`, so `script-src 'self'` allows it); the shortcuts it listens for are those of
 * its `data-keyboard-shortcuts` attribute, JSON of the `keyboardShortcuts` option (both when absent).
 */
import { EARLY_SHORTCUTS_ATTRIBUTE, listenEarly } from '../shell/earlyShortcuts.js';

const shortcuts = JSON.parse(document.currentScript?.getAttribute(EARLY_SHORTCUTS_ATTRIBUTE) || '{}') as Record<string, unknown>;
listenEarly(window, { 'Ctrl/Cmd+K': shortcuts['Ctrl/Cmd+K'] !== false, '/': shortcuts['/'] !== false });
