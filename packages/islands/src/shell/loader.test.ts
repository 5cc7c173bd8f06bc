import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchButtonHtml } from './buttonMarkup.js';
import { createLoader, type Loader, type MountContext } from './loader.js';

const shortcuts = { 'Ctrl/Cmd+K': true, '/': true };
let loader: Loader | undefined;

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="search">${searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true })}</div><p id="text" tabindex="0">x</p>`;
});
afterEach(() => {
  loader?.destroy();
  loader = undefined;
});

const button = () => document.querySelector<HTMLButtonElement>('[data-sitesearch-button]')!;
const key = (init: KeyboardEventInit) => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

/** A widget module that the test resolves by hand, to look at the page while it "loads". */
function deferredWidget() {
  let resolve!: () => void;
  const ready = new Promise<void>((done) => (resolve = done));
  const mounts: MountContext[] = [];
  const unmount = vi.fn();
  const load = vi.fn(async () => {
    await ready;
    return (context: MountContext) => {
      mounts.push(context);
      return { unmount };
    };
  });
  return { load, resolve, mounts, unmount };
}

describe('createLoader', () => {
  it('does nothing until the user acts', () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load });
    expect(widget.load).not.toHaveBeenCalled();
    expect(document.head.children).toHaveLength(0);
  });

  it('prefetches on intent: the widget, its stylesheets and a preconnect', () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load, preconnect: ['https://app-dsn.algolia.net'], stylesheets: ['/modal.css'] });
    button().dispatchEvent(new Event('pointerover', { bubbles: true }));
    button().dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(widget.load).toHaveBeenCalledTimes(1);
    expect(document.head.querySelector('link[rel="preconnect"]')?.getAttribute('href')).toBe('https://app-dsn.algolia.net');
    expect(document.head.querySelectorAll('link[rel="stylesheet"][href="/modal.css"]')).toHaveLength(1);
  });

  it('warms the search client on intent, and survives a warm() that fails', () => {
    const widget = deferredWidget();
    const warm = vi.fn(() => Promise.reject(new Error('offline')));
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load, warm });
    button().dispatchEvent(new Event('pointerover', { bubbles: true }));
    button().dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('opens on click, captures typing in a proxy field while loading, then hands it over', async () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load });
    button().click();
    expect(loader.modalStore.get().isOpen).toBe(true);
    const proxy = document.querySelector<HTMLInputElement>('.sitesearch-proxy-input')!;
    expect(document.activeElement).toBe(proxy);
    proxy.value = 'vite conf';
    widget.resolve();
    await vi.waitFor(() => expect(widget.mounts).toHaveLength(1));
    expect(widget.mounts[0]!.takePendingQuery()).toBe('vite conf');
    expect(document.querySelector('.sitesearch-proxy-input')).toBeNull();
    expect(widget.mounts[0]!.takePendingQuery()).toBeUndefined();
  });

  it('opens with Ctrl/Cmd+K and /, and closes with Escape before the widget arrived', () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load });
    key({ key: 'k', ctrlKey: true });
    expect(loader.modalStore.get().isOpen).toBe(true);
    key({ key: 'Escape' });
    expect(loader.modalStore.get().isOpen).toBe(false);
    expect(document.querySelector('.sitesearch-proxy-input')).toBeNull();
    key({ key: '/' });
    expect(loader.modalStore.get().isOpen).toBe(true);
    expect(widget.load).toHaveBeenCalledTimes(1);
  });

  it('close() on a closed modal does nothing: focus stays where it is and nothing loads', () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load, stylesheets: ['/modal.css'] });
    const text = document.getElementById('text')!;
    text.focus();
    loader.close();
    // Focus on the button would be intent, which loads the widget.
    expect(document.activeElement).toBe(text);
    expect(widget.load).not.toHaveBeenCalled();
    expect(document.head.children).toHaveLength(0);
  });

  it('returns focus to the element that opened the modal', async () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load });
    button().focus();
    button().click();
    widget.resolve();
    await vi.waitFor(() => expect(widget.mounts).toHaveLength(1));
    document.getElementById('text')!.focus();
    // As the widget does: once closed (while a surface is open, focus stays where it is).
    widget.mounts[0]!.returnFocus();
    expect(document.activeElement).toBe(document.getElementById('text'));
    loader.modalStore.close();
    widget.mounts[0]!.returnFocus();
    expect(document.activeElement).toBe(button());
  });

  it('reports a widget that fails to load, closes, and lets the user retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockResolvedValue(() => ({ unmount() {} }));
    loader = createLoader({ keyboardShortcuts: shortcuts, load });
    button().click();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('sitesearch: the search widget could not be loaded.', expect.any(Error)));
    expect(loader.modalStore.get().isOpen).toBe(false);
    button().click();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    error.mockRestore();
  });

  it('destroy() removes listeners, added nodes and the widget', async () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: shortcuts, load: widget.load, preconnect: ['https://x'] });
    button().click();
    widget.resolve();
    await vi.waitFor(() => expect(widget.mounts).toHaveLength(1));
    loader.destroy();
    expect(widget.unmount).toHaveBeenCalled();
    expect(document.head.querySelector('link')).toBeNull();
    loader.modalStore.close();
    key({ key: 'k', ctrlKey: true });
    button().click();
    expect(loader.modalStore.get().isOpen).toBe(false);
  });

  it('respects disabled shortcuts', () => {
    const widget = deferredWidget();
    loader = createLoader({ keyboardShortcuts: { 'Ctrl/Cmd+K': false, '/': false }, load: widget.load });
    key({ key: 'k', ctrlKey: true });
    key({ key: '/' });
    expect(loader.modalStore.get().isOpen).toBe(false);
  });
});
