import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchButtonHtml } from './buttonMarkup.js';
import { earlyScriptAttributes, listenEarly, takeEarlyCapture } from './earlyShortcuts.js';
import { createLoader, type Loader, type MountContext } from './loader.js';

const shortcuts = { 'Ctrl/Cmd+K': true, '/': true };
let loader: Loader | undefined;
let stopEarly: (() => void) | undefined;
const listen = (keys: { 'Ctrl/Cmd+K': boolean; '/': boolean }) => (stopEarly = listenEarly(window, keys));

beforeEach(() => {
  document.body.innerHTML = `<div id="search">${searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true })}</div><input id="field">`;
});
afterEach(() => {
  loader?.destroy();
  loader = undefined;
  // A test that never started an island leaves the early listener and its capture: gone before the next.
  stopEarly?.();
  takeEarlyCapture(window);
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

  it('hands what was typed to the island, which opens the modal once and stops the early listener', async () => {
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
    expect(takeEarlyCapture(window)).toBeUndefined();
  });
});

describe('earlyScriptAttributes', () => {
  it('carries the configured shortcuts, and asks for no script when both modal shortcuts are off', () => {
    expect(earlyScriptAttributes(undefined)).toEqual({});
    expect(earlyScriptAttributes({ '/': false })).toEqual({ 'data-keyboard-shortcuts': '{"/":false}' });
    expect(earlyScriptAttributes({ 'Ctrl/Cmd+K': false, '/': false })).toBeUndefined();
  });
});
