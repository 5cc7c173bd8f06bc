import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MountedSidepanel, SidepanelMountContext } from '../ui/sidepanel/contract.js';
import { searchButtonHtml } from './buttonMarkup.js';
import { getPageCoordinator } from './coordinator.js';
import { createLoader, type Loader, type MountContext } from './loader.js';
import { sidepanelButtonHtml } from './sidepanelButtonMarkup.js';
import { createSidepanelLoader, type SidepanelLoader } from './sidepanelLoader.js';

let modal: Loader | undefined;
let panel: SidepanelLoader | undefined;

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML =
    searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true }) +
    sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: true }) +
    '<input id="field" type="text">';
  setWidth(1280);
});
afterEach(() => {
  modal?.destroy();
  panel?.destroy();
  modal = panel = undefined;
  vi.restoreAllMocks();
});

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
}
const key = (init: KeyboardEventInit, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, composed: true, ...init }));
const searchButton = () => document.querySelector<HTMLButtonElement>('[data-sitesearch-button]')!;
const panelButton = () => document.querySelector<HTMLButtonElement>('[data-sitesearch-sidepanel-button]')!;

function modalWidget() {
  const mounts: MountContext[] = [];
  const load = vi.fn(async () => (context: MountContext) => {
    // As the modal does: it takes the typed keys when it renders.
    context.takePendingQuery();
    mounts.push(context);
    return { unmount() {} };
  });
  return { load, mounts };
}

function panelWidget() {
  let resolve!: () => void;
  const ready = new Promise<void>((done) => (resolve = done));
  const mounts: SidepanelMountContext[] = [];
  const asked: string[] = [];
  const unmount = vi.fn();
  const load = vi.fn(async () => {
    await ready;
    return (context: SidepanelMountContext): MountedSidepanel => {
      mounts.push(context);
      return { unmount, ask: (question) => (context.store.open(), asked.push(question)) };
    };
  });
  return { load, resolve, mounts, asked, unmount };
}

const both = (shortcuts: { k?: boolean; slash?: boolean; i?: boolean } = {}) => {
  const modalParts = modalWidget();
  const panelParts = panelWidget();
  modal = createLoader({ keyboardShortcuts: { 'Ctrl/Cmd+K': shortcuts.k ?? true, '/': shortcuts.slash ?? true }, load: modalParts.load });
  panel = createSidepanelLoader({ keyboardShortcuts: { 'Ctrl/Cmd+I': shortcuts.i ?? true }, load: panelParts.load });
  return { modalParts, panelParts, modal, panel, surfaces: getPageCoordinator(window).surfaces };
};

describe('page coordinator: shortcuts', () => {
  it('routes Ctrl/Cmd+K and / to the modal and Ctrl/Cmd+I to the Sidepanel', () => {
    const { modal, panel, surfaces } = both();
    key({ key: 'k', metaKey: true });
    expect(modal.modalStore.get().isOpen).toBe(true);
    expect(surfaces.get()).toBe('modal');
    key({ key: 'i', ctrlKey: true });
    expect(panel.store.get().isOpen).toBe(true);
    expect(modal.modalStore.get().isOpen).toBe(false);
    expect(surfaces.get()).toBe('sidepanel');
    key({ key: 'i', ctrlKey: true });
    expect(panel.store.get().isOpen).toBe(false);
    expect(surfaces.get()).toBe('none');
    key({ key: '/' });
    expect(modal.modalStore.get().isOpen).toBe(true);
  });

  it('Ctrl/Cmd+I toggles even while typing in a field; / never opens from a field', () => {
    const { modal, panel } = both();
    const field = document.getElementById('field')!;
    field.focus();
    key({ key: '/' }, field);
    expect(modal.modalStore.get().isOpen).toBe(false);
    key({ key: 'i', ctrlKey: true }, field);
    expect(panel.store.get().isOpen).toBe(true);
  });

  it('Escape closes the open Sidepanel, and the modal when it is the one open', () => {
    const { modal, panel } = both({ i: false });
    panel.open();
    key({ key: 'Escape' });
    expect(panel.store.get().isOpen).toBe(false);
    modal.open();
    key({ key: 'Escape' });
    expect(modal.modalStore.get().isOpen).toBe(false);
  });

  it('disabled shortcuts do nothing', () => {
    const { modal, panel } = both({ k: false, slash: false, i: false });
    key({ key: 'k', ctrlKey: true });
    key({ key: '/' });
    key({ key: 'i', ctrlKey: true });
    expect(modal.modalStore.get().isOpen).toBe(false);
    expect(panel.store.get().isOpen).toBe(false);
  });

  it('one keydown listener for the whole page, removed with the last widget', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { modal, panel } = both();
    expect(add.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    const coordinator = getPageCoordinator(window);
    modal.destroy();
    expect(remove.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(0);
    key({ key: 'i', ctrlKey: true });
    expect(panel.store.get().isOpen).toBe(true);
    panel.destroy();
    expect(remove.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    // Nothing is left on the window: the next widget gets a fresh coordinator.
    expect(getPageCoordinator(window)).not.toBe(coordinator);
    panel.store.close();
    key({ key: 'i', ctrlKey: true });
    expect(panel.store.get().isOpen).toBe(false);
  });
});

describe('page coordinator: one surface at a time', () => {
  it('clicking a trigger closes the other surface', async () => {
    const { modal, panel, panelParts, surfaces } = both();
    panelButton().click();
    expect(panel.store.get().isOpen).toBe(true);
    searchButton().click();
    expect(modal.modalStore.get().isOpen).toBe(true);
    expect(panel.store.get().isOpen).toBe(false);
    expect(surfaces.get()).toBe('modal');
    // The closed, still loading panel left no typing proxy behind to steal the modal's keys.
    expect(document.querySelectorAll('.sitesearch-proxy-input')).toHaveLength(1);
    panelParts.resolve();
    await vi.waitFor(() => expect(panelParts.mounts).toHaveLength(1));
  });

  it('a widget opening by itself (its own UI) closes the other too', () => {
    const { modal, panel, surfaces } = both();
    modal.open();
    panel.store.open();
    expect(modal.modalStore.get().isOpen).toBe(false);
    expect(surfaces.get()).toBe('sidepanel');
  });

  it('the modal reports its Ask AI screen', async () => {
    const { modal, modalParts, surfaces } = both();
    modal.open();
    await vi.waitFor(() => expect(modalParts.mounts).toHaveLength(1));
    modalParts.mounts[0]!.reportScreen!(true);
    expect(surfaces.get()).toBe('modalAskAi');
    modalParts.mounts[0]!.reportScreen!(false);
    expect(surfaces.get()).toBe('modal');
    modal.close();
    modalParts.mounts[0]!.reportScreen!(true);
    expect(surfaces.get()).toBe('none');
  });

  it('a modal closed because the Sidepanel opened does not take focus back', async () => {
    const { modal, modalParts, panel } = both();
    searchButton().focus();
    modal.open();
    await vi.waitFor(() => expect(modalParts.mounts).toHaveLength(1));
    panel.open();
    const proxy = document.querySelector('.sitesearch-proxy-input');
    expect(document.activeElement).toBe(proxy);
    modalParts.mounts[0]!.returnFocus();
    expect(document.activeElement).toBe(proxy);
  });
});

describe('Sidepanel island', () => {
  it('keys typed while the panel loads land in its prompt (takePendingQuery)', async () => {
    const { panel, panelParts } = both();
    key({ key: 'i', ctrlKey: true });
    const proxy = document.querySelector<HTMLInputElement>('.sitesearch-proxy-input')!;
    expect(document.activeElement).toBe(proxy);
    proxy.value = 'how do I';
    panelParts.resolve();
    await vi.waitFor(() => expect(panelParts.mounts).toHaveLength(1));
    expect(panelParts.mounts[0]!.store).toBe(panel.store);
    expect(panelParts.mounts[0]!.takePendingQuery()).toBe('how do I');
    expect(document.querySelector('.sitesearch-proxy-input')).toBeNull();
  });

  it('ask() before the mount opens the panel, waits, then asks', async () => {
    const { panel, panelParts } = both();
    panel.ask('What is Vite?');
    expect(panel.store.get().isOpen).toBe(true);
    expect(panelParts.asked).toEqual([]);
    panelParts.resolve();
    await vi.waitFor(() => expect(panelParts.asked).toEqual(['What is Vite?']));
  });

  it('a failed import is reported, closes the panel and is retried on the next interaction', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockResolvedValue(() => ({ unmount() {}, ask() {} }));
    panel = createSidepanelLoader({ keyboardShortcuts: { 'Ctrl/Cmd+I': true }, load });
    panelButton().click();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('sitesearch: the Sidepanel could not be loaded.', expect.any(Error)));
    expect(panel.store.get().isOpen).toBe(false);
    panelButton().click();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});

describe('hybrid mode: handOffQuestion', () => {
  it('wider than 768px: once the panel has loaded, the modal closes and the Sidepanel sends the question', async () => {
    const { modal, modalParts, panelParts, surfaces } = both();
    modal.open();
    await vi.waitFor(() => expect(modalParts.mounts).toHaveLength(1));
    const taken = modalParts.mounts[0]!.handOffQuestion!('  How do I deploy?  ');
    // The modal keeps the question (and stays open) until the panel's code is in.
    await Promise.resolve();
    expect(modal.modalStore.get().isOpen).toBe(true);
    panelParts.resolve();
    await expect(taken).resolves.toBe(true);
    await vi.waitFor(() => expect(panelParts.asked).toEqual(['How do I deploy?']));
    expect(modal.modalStore.get().isOpen).toBe(false);
    expect(surfaces.get()).toBe('sidepanel');
  });

  it("when the panel's code cannot load, the modal keeps the question and stays open", async () => {
    const { modal, modalParts, panelParts, surfaces } = both();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    panelParts.load.mockRejectedValueOnce(new Error('chunk 404'));
    modal.open();
    await vi.waitFor(() => expect(modalParts.mounts).toHaveLength(1));
    await expect(modalParts.mounts[0]!.handOffQuestion!('How do I deploy?')).resolves.toBe(false);
    expect(modal.modalStore.get().isOpen).toBe(true);
    expect(surfaces.get()).toBe('modal');
    expect(error.mock.calls[0]![0]).toMatch(/the Sidepanel could not be loaded; the modal answers instead/);
    // The next question tries again, and the panel takes it.
    panelParts.resolve();
    await expect(modalParts.mounts[0]!.handOffQuestion!('And then?')).resolves.toBe(true);
    await vi.waitFor(() => expect(panelParts.asked).toEqual(['And then?']));
  });

  it('at 768px and below, or with no Sidepanel, the modal keeps the question', async () => {
    const { modal, modalParts, panel, panelParts } = both();
    setWidth(768);
    modal.open();
    await vi.waitFor(() => expect(modalParts.mounts).toHaveLength(1));
    await expect(modalParts.mounts[0]!.handOffQuestion!('How do I deploy?')).resolves.toBe(false);
    expect(modal.modalStore.get().isOpen).toBe(true);
    expect(panelParts.load).not.toHaveBeenCalled();
    setWidth(1280);
    panel.destroy();
    await expect(modalParts.mounts[0]!.handOffQuestion!('How do I deploy?')).resolves.toBe(false);
    expect(modal.modalStore.get().isOpen).toBe(true);
  });
});
