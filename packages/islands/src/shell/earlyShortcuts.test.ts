import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchButtonHtml } from './buttonMarkup.js';
import type { IslandContext } from './island.js';
import { earlyScriptAttributes, listenEarly, takeEarlyCapture } from './earlyShortcuts.js';
import { createLoader, type Loader, type MountContext } from './loader.js';
import { sidepanelButtonHtml } from './sidepanelButtonMarkup.js';
import { createSidepanelLoader, type SidepanelLoader } from './sidepanelLoader.js';

const shortcuts = { 'Ctrl/Cmd+K': true, '/': true };
let loader: Loader | undefined;
let panelLoader: SidepanelLoader | undefined;
// Every listener a test started (one test starts two): all stopped after it, or a stale one would take the next test's keys.
const stops: Array<() => void> = [];
const listen = (keys: { 'Ctrl/Cmd+K': boolean; '/': boolean }) => stops.push(listenEarly(window, keys));

beforeEach(() => {
  document.body.innerHTML = `<div id="search">${searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true })}</div><input id="field">`;
});
afterEach(() => {
  loader?.destroy();
  panelLoader?.destroy();
  loader = panelLoader = undefined;
  // A test that never started an island leaves the early listener and its capture: gone before the next.
  for (const stop of stops.splice(0)) stop();
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('sitesearch.early')];
  for (const proxy of proxies()) proxy.remove();
});

const press = (init: KeyboardEventInit, target: EventTarget = document.activeElement ?? document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};
const proxies = () => document.querySelectorAll<HTMLInputElement>('.sitesearch-proxy-input');

/** Starts the modal's island as the page's bundle would, once hydrated; returns what its widget is given. */
function startIsland() {
  const mounts: MountContext[] = [];
  loader = createLoader({
    keyboardShortcuts: shortcuts,
    load: async () => (context: MountContext) => {
      mounts.push(context);
      return { unmount() {} };
    },
  });
  return mounts;
}

describe('the early shortcut listener', () => {
  it('opens the typing proxy on Ctrl/Cmd+K and on /, before any island exists', () => {
    listen(shortcuts);
    expect(press({ key: 'k', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(proxies()).toHaveLength(1);
    expect(document.activeElement).toBe(proxies()[0]);
    // Ctrl/Cmd+K again closes, as the modal would; `/` then opens.
    press({ key: 'k', metaKey: true });
    expect(proxies()).toHaveLength(0);
    press({ key: '/' });
    expect(proxies()).toHaveLength(1);
  });

  it('leaves / to a field the user types in, and does nothing on a page without a search button', () => {
    listen(shortcuts);
    const field = document.querySelector<HTMLInputElement>('#field')!;
    field.focus();
    expect(press({ key: '/' }, field).defaultPrevented).toBe(false);
    document.querySelector('#search')!.remove();
    expect(press({ key: 'k', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(proxies()).toHaveLength(0);
  });

  it('respects disabled shortcuts', () => {
    listen({ 'Ctrl/Cmd+K': false, '/': true });
    press({ key: 'k', ctrlKey: true });
    expect(proxies()).toHaveLength(0);
  });

  it('hands what was typed to the island, which opens the modal once and has its keys from then on', async () => {
    listen(shortcuts);
    press({ key: '/' });
    proxies()[0]!.value = 'vite conf';
    const mounts = startIsland();
    expect(loader!.modalStore.get().isOpen).toBe(true);
    await vi.waitFor(() => expect(mounts).toHaveLength(1));
    expect(mounts[0]!.takePendingQuery()).toBe('vite conf');
    expect(proxies()).toHaveLength(0);
    // Only the coordinator listens now: Ctrl/Cmd+K closes the modal, and no second proxy appears.
    press({ key: 'k', ctrlKey: true }, document.body);
    expect(loader!.modalStore.get().isOpen).toBe(false);
    expect(proxies()).toHaveLength(0);
  });

  it('an island started without an early shortcut stays closed, and a later early script stands aside', () => {
    listen(shortcuts);
    startIsland();
    expect(loader!.modalStore.get().isOpen).toBe(false);
    // A client-side router runs the script again on the next page: the island's listener is the only one.
    listen(shortcuts);
    expect(takeEarlyCapture(window, 'modal')).toBeUndefined();
  });
});

describe('the early listener on a page with a Sidepanel (Ctrl/Cmd+I)', () => {
  const trigger = (showShortcutHint = true) => sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint });
  const withPanel = (showShortcutHint = true) => document.body.insertAdjacentHTML('beforeend', `<div id="panel">${trigger(showShortcutHint)}</div>`);

  /** Starts the Sidepanel's island as the page's bundle would, once hydrated; returns what its panel is given. */
  function startPanelIsland() {
    const mounts: IslandContext[] = [];
    panelLoader = createSidepanelLoader({
      keyboardShortcuts: { 'Ctrl/Cmd+I': true },
      load: async () => (context) => {
        mounts.push(context);
        return { unmount() {}, ask() {} };
      },
    });
    return mounts;
  }

  it('opens the typing proxy for the Sidepanel on Ctrl/Cmd+I, also from a text field, and closes it again', () => {
    withPanel();
    listen(shortcuts);
    const field = document.querySelector<HTMLInputElement>('#field')!;
    field.focus();
    // As the island's rule: Ctrl/Cmd+I types no character, so it works from a field too.
    expect(press({ key: 'i', ctrlKey: true }, field).defaultPrevented).toBe(true);
    expect(proxies()).toHaveLength(1);
    expect(document.activeElement).toBe(proxies()[0]);
    expect(press({ key: 'I', metaKey: true }).defaultPrevented).toBe(true);
    expect(proxies()).toHaveLength(0);
    // Focus goes back where it was.
    expect(document.activeElement).toBe(field);
    press({ key: 'i', ctrlKey: true });
    press({ key: 'Escape' });
    expect(proxies()).toHaveLength(0);
  });

  it('leaves Ctrl/Cmd+I to the browser on a page without a Sidepanel, or whose Sidepanel turned it off', () => {
    listen(shortcuts);
    expect(press({ key: 'i', ctrlKey: true }).defaultPrevented).toBe(false);
    // The trigger shows (aria-keyshortcuts) exactly when the option leaves Ctrl/Cmd+I on.
    withPanel(false);
    expect(press({ key: 'i', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(proxies()).toHaveLength(0);
  });

  it('opens the Sidepanel when its island starts, with what was typed, once; the modal\'s island leaves it alone', async () => {
    withPanel();
    listen(shortcuts);
    press({ key: 'i', ctrlKey: true });
    proxies()[0]!.value = 'how do I';
    // The modal's island starting first (a page with both) neither opens nor takes the panel's keys.
    const modalMounts = startIsland();
    expect(loader!.modalStore.get().isOpen).toBe(false);
    const mounts = startPanelIsland();
    expect(panelLoader!.store.get().isOpen).toBe(true);
    await vi.waitFor(() => expect(mounts).toHaveLength(1));
    expect(mounts[0]!.takePendingQuery()).toBe('how do I');
    expect(proxies()).toHaveLength(0);
    expect(modalMounts).toHaveLength(0);
    // Only the coordinator listens now: Ctrl/Cmd+I closes the panel, and no second proxy appears.
    press({ key: 'i', ctrlKey: true }, document.body);
    expect(panelLoader!.store.get().isOpen).toBe(false);
    expect(proxies()).toHaveLength(0);
  });

  it('never opens the Sidepanel for a Ctrl/Cmd+I pressed twice (toggled off) before its island starts', async () => {
    withPanel();
    listen(shortcuts);
    press({ key: 'i', ctrlKey: true });
    press({ key: 'i', ctrlKey: true });
    const mounts = startPanelIsland();
    expect(panelLoader!.store.get().isOpen).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mounts).toHaveLength(0);
  });

  it('keeps one surface, as the coordinator does: Ctrl/Cmd+K after Ctrl/Cmd+I is for the modal alone', async () => {
    withPanel();
    listen(shortcuts);
    press({ key: 'i', ctrlKey: true });
    press({ key: 'k', ctrlKey: true }, proxies()[0]);
    expect(proxies()).toHaveLength(1);
    proxies()[0]!.value = 'vite';
    const panelMounts = startPanelIsland();
    const mounts = startIsland();
    expect(panelLoader!.store.get().isOpen).toBe(false);
    expect(loader!.modalStore.get().isOpen).toBe(true);
    await vi.waitFor(() => expect(mounts).toHaveLength(1));
    expect(mounts[0]!.takePendingQuery()).toBe('vite');
    expect(panelMounts).toHaveLength(0);
  });
});

describe('the early listener between the modal\'s island and a later Sidepanel island (`sidepanel()` after `sitesearch()`)', () => {
  const withPanel = () =>
    document.body.insertAdjacentHTML('beforeend', `<div id="panel">${sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: true })}</div>`);
  function startPanelIsland() {
    const mounts: IslandContext[] = [];
    panelLoader = createSidepanelLoader({
      keyboardShortcuts: { 'Ctrl/Cmd+I': true },
      load: async () => (context) => {
        mounts.push(context);
        return { unmount() {}, ask() {} };
      },
    });
    return mounts;
  }

  it('keeps Ctrl/Cmd+I: the Sidepanel opens when its island starts, with what was typed, once', async () => {
    withPanel();
    listen(shortcuts);
    startIsland();
    // The modal's island runs: its keys are the coordinator's, the Sidepanel's still this listener's.
    expect(press({ key: 'i', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(proxies()).toHaveLength(1);
    proxies()[0]!.value = 'how do I';
    expect(loader!.modalStore.get().isOpen).toBe(false);
    const mounts = startPanelIsland();
    expect(panelLoader!.store.get().isOpen).toBe(true);
    await vi.waitFor(() => expect(mounts).toHaveLength(1));
    expect(mounts[0]!.takePendingQuery()).toBe('how do I');
    expect(proxies()).toHaveLength(0);
    // Both islands run: Ctrl/Cmd+I closes the panel (the coordinator's), and no proxy appears.
    press({ key: 'i', ctrlKey: true }, document.body);
    expect(panelLoader!.store.get().isOpen).toBe(false);
    expect(proxies()).toHaveLength(0);
  });

  /** Every element that took focus from now on. */
  function recordFocus() {
    const focused: Element[] = [];
    const record = (event: FocusEvent) => focused.push(event.target as Element);
    document.addEventListener('focusin', record);
    stops.push(() => document.removeEventListener('focusin', record));
    return focused;
  }

  it("leaves the closed modal alone on Ctrl/Cmd+I: focus goes to the proxy only, never to the search button, and the modal's code is not loaded", () => {
    withPanel();
    listen(shortcuts);
    const focused = recordFocus();
    const load = vi.fn(() => new Promise<never>(() => {}));
    loader = createLoader({ keyboardShortcuts: shortcuts, load });
    press({ key: 'i', ctrlKey: true });
    expect(focused).toEqual([...proxies()]);
    expect(load).not.toHaveBeenCalled();
  });

  it("and the other way round (the Sidepanel's island first): Ctrl/Cmd+K leaves the closed Sidepanel alone, its code not loaded", () => {
    withPanel();
    listen(shortcuts);
    const focused = recordFocus();
    const load = vi.fn(() => new Promise<never>(() => {}));
    panelLoader = createSidepanelLoader({ keyboardShortcuts: { 'Ctrl/Cmd+I': true }, load });
    press({ key: 'k', ctrlKey: true });
    expect(focused).toEqual([...proxies()]);
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps one surface: Ctrl/Cmd+I closes the open modal; Ctrl/Cmd+K then closes what it opened and opens the modal', () => {
    withPanel();
    listen(shortcuts);
    startIsland();
    press({ key: 'k', ctrlKey: true });
    expect(loader!.modalStore.get().isOpen).toBe(true);
    press({ key: 'i', ctrlKey: true });
    expect(loader!.modalStore.get().isOpen).toBe(false);
    expect(proxies()).toHaveLength(1);
    expect(document.activeElement).toBe(proxies()[0]);
    press({ key: 'k', ctrlKey: true });
    expect(loader!.modalStore.get().isOpen).toBe(true);
    // The modal's own proxy alone (its widget is loading): nothing is left for the Sidepanel.
    expect(proxies()).toHaveLength(1);
    startPanelIsland();
    expect(panelLoader!.store.get().isOpen).toBe(false);
  });
});

describe('earlyScriptAttributes', () => {
  it('carries the configured shortcuts, and asks for no script when both modal shortcuts are off', () => {
    expect(earlyScriptAttributes(undefined)).toEqual({});
    expect(earlyScriptAttributes({ '/': false })).toEqual({ 'data-keyboard-shortcuts': '{"/":false}' });
    expect(earlyScriptAttributes({ 'Ctrl/Cmd+K': false, '/': false })).toBeUndefined();
  });

  it('is still needed, with the modal shortcuts off, for a Sidepanel with Ctrl/Cmd+I on', () => {
    expect(earlyScriptAttributes({ 'Ctrl/Cmd+K': false, '/': false }, true)).toEqual({ 'data-keyboard-shortcuts': '{"Ctrl/Cmd+K":false,"/":false}' });
    expect(earlyScriptAttributes(undefined, true)).toEqual({});
  });
});
