import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getModalShortcut, getModifierLabel, getShortcutAction, getSidepanelShortcut, isEditable, listenForShortcuts, shouldShowShortcutHint, type ShortcutContext } from './shortcuts.js';

const both = { modal: { 'Ctrl/Cmd+K': true, '/': true }, sidepanel: { 'Ctrl/Cmd+I': true } };
const closed: ShortcutContext = { ...both, isModalOpen: false };
const open: ShortcutContext = { ...both, isModalOpen: true };

const key = (init: KeyboardEventInit & { keyCode?: number }, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  if (init.keyCode !== undefined) Object.defineProperty(event, 'keyCode', { value: init.keyCode });
  Object.defineProperty(event, 'target', { value: target });
  return event;
};

describe('getShortcutAction (spec section 3)', () => {
  it('Ctrl+K and Cmd+K toggle the modal', () => {
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true }), closed)).toBe('openModal');
    expect(getShortcutAction(key({ key: 'k', metaKey: true }), closed)).toBe('openModal');
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true }), open)).toBe('closeModal');
    expect(getShortcutAction(key({ key: 'k', metaKey: true }), open)).toBe('closeModal');
  });

  it('Ctrl+K works with Caps Lock and on non-Latin layouts', () => {
    expect(getShortcutAction(key({ key: 'K', ctrlKey: true }), closed)).toBe('openModal');
    expect(getShortcutAction(key({ key: 'л', code: 'KeyK', ctrlKey: true }), closed)).toBe('openModal');
    // On a layout where KeyK produces another Latin letter, that letter counts, not the position.
    expect(getShortcutAction(key({ key: 'x', code: 'KeyK', ctrlKey: true }), closed)).toBeUndefined();
  });

  it('K without a modifier, or with Alt or Shift, does nothing', () => {
    expect(getShortcutAction(key({ key: 'k' }), closed)).toBeUndefined();
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true, altKey: true }), closed)).toBeUndefined();
    expect(getShortcutAction(key({ key: 'K', ctrlKey: true, shiftKey: true }), closed)).toBeUndefined();
  });

  it('Ctrl/Cmd+K can be disabled', () => {
    const context = { ...closed, modal: { 'Ctrl/Cmd+K': false, '/': true } };
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true }), context)).toBeUndefined();
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true }), { ...context, isModalOpen: true })).toBeUndefined();
  });

  it('/ opens the modal but never closes it', () => {
    expect(getShortcutAction(key({ key: '/' }), closed)).toBe('openModal');
    expect(getShortcutAction(key({ key: '/' }), open)).toBeUndefined();
    expect(getShortcutAction(key({ key: '/', ctrlKey: true }), closed)).toBeUndefined();
  });

  it('/ can be disabled', () => {
    expect(getShortcutAction(key({ key: '/' }), { ...closed, modal: { 'Ctrl/Cmd+K': true, '/': false } })).toBeUndefined();
  });

  it.each([
    ['<input>', 'input'],
    ['<input type="search">', 'input'],
    ['<textarea></textarea>', 'textarea'],
    ['<select><option>a</option></select>', 'select'],
    ['<div contenteditable="true"><span>text</span></div>', 'span'],
    ['<div contenteditable=""></div>', 'div'],
  ])('/ typed in %s is left to the field', (markup, selector) => {
    document.body.innerHTML = markup;
    const field = document.body.querySelector(selector)!;
    expect(getShortcutAction(key({ key: '/' }, field), closed)).toBeUndefined();
  });

  it('/ on a checkbox or a button still opens the modal', () => {
    document.body.innerHTML = '<input type="checkbox"><button>b</button><div contenteditable="false"></div>';
    for (const selector of ['input', 'button', 'div']) {
      expect(getShortcutAction(key({ key: '/' }, document.body.querySelector(selector)!), closed)).toBe('openModal');
    }
  });

  it('/ typed in a field inside shadow DOM is left to the field', () => {
    document.body.innerHTML = '<my-field></my-field>';
    const host = document.body.querySelector('my-field')!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<input>';
    const input = shadow.querySelector('input')!;
    const event = key({ key: '/' }, host);
    Object.defineProperty(event, 'composedPath', { value: () => [input, shadow, host, document.body] });
    expect(getShortcutAction(event, closed)).toBeUndefined();
  });

  it('Escape always closes the open modal, whatever the configuration', () => {
    expect(getShortcutAction(key({ key: 'Escape' }), open)).toBe('closeModal');
    expect(getShortcutAction(key({ key: 'Escape' }), { ...open, modal: { 'Ctrl/Cmd+K': false, '/': false } })).toBe('closeModal');
    expect(getShortcutAction(key({ key: 'Escape' }), closed)).toBeUndefined();
  });

  it('Escape closes an open Sidepanel (the modal first when both claim it), even with Ctrl/Cmd+I off', () => {
    expect(getShortcutAction(key({ key: 'Escape' }), { ...closed, isSidepanelOpen: true })).toBe('closeSidepanel');
    expect(getShortcutAction(key({ key: 'Escape' }), { ...closed, sidepanel: { 'Ctrl/Cmd+I': false }, isSidepanelOpen: true })).toBe('closeSidepanel');
    expect(getShortcutAction(key({ key: 'Escape' }), { ...open, isSidepanelOpen: true })).toBe('closeModal');
    expect(getShortcutAction(key({ key: 'Escape' }), { ...closed, isSidepanelOpen: false })).toBeUndefined();
  });

  it('Ctrl/Cmd+I toggles the Sidepanel even while typing in a field', () => {
    const input = document.createElement('input');
    expect(getShortcutAction(key({ key: 'i', ctrlKey: true }, input), closed)).toBe('toggleSidepanel');
  });

  it('Ctrl/Cmd+I toggles the Sidepanel, and can be disabled', () => {
    expect(getShortcutAction(key({ key: 'i', ctrlKey: true }), closed)).toBe('toggleSidepanel');
    expect(getShortcutAction(key({ key: 'I', metaKey: true }), open)).toBe('toggleSidepanel');
    expect(getShortcutAction(key({ key: 'i', ctrlKey: true }), { ...closed, sidepanel: { 'Ctrl/Cmd+I': false } })).toBeUndefined();
    expect(getShortcutAction(key({ key: 'i', ctrlKey: true }), { isModalOpen: false, modal: both.modal })).toBeUndefined();
  });

  it('ignores keys while an input method composes text', () => {
    expect(getShortcutAction(key({ key: '/', isComposing: true }), closed)).toBeUndefined();
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true, keyCode: 229 }), closed)).toBeUndefined();
  });

  it('a page without the modal reacts to no modal shortcut', () => {
    expect(getShortcutAction(key({ key: 'k', ctrlKey: true }), { isModalOpen: false, sidepanel: both.sidepanel })).toBeUndefined();
    expect(getShortcutAction(key({ key: 'Escape' }), { isModalOpen: true, sidepanel: both.sidepanel })).toBeUndefined();
  });
});

describe('each widget\'s own decision (what the page coordinator asks)', () => {
  const modalKeys = { 'Ctrl/Cmd+K': true, '/': true };
  it('the modal: Ctrl/Cmd+K toggles, / opens, Escape closes only when open; never Ctrl/Cmd+I', () => {
    expect(getModalShortcut(key({ key: 'k', ctrlKey: true }), modalKeys, false)).toBe('open');
    expect(getModalShortcut(key({ key: 'k', metaKey: true }), modalKeys, true)).toBe('close');
    expect(getModalShortcut(key({ key: '/' }), modalKeys, false)).toBe('open');
    expect(getModalShortcut(key({ key: 'Escape' }), modalKeys, true)).toBe('close');
    expect(getModalShortcut(key({ key: 'Escape' }), modalKeys, false)).toBeUndefined();
    expect(getModalShortcut(key({ key: 'i', ctrlKey: true }), modalKeys, false)).toBeUndefined();
  });

  it('the Sidepanel: Ctrl/Cmd+I toggles (from a field too), Escape closes only when open; never K or /', () => {
    document.body.innerHTML = '<input>';
    const field = document.querySelector('input')!;
    expect(getSidepanelShortcut(key({ key: 'i', ctrlKey: true }, field), { 'Ctrl/Cmd+I': true }, false)).toBe('open');
    expect(getSidepanelShortcut(key({ key: 'i', metaKey: true }), { 'Ctrl/Cmd+I': true }, true)).toBe('close');
    expect(getSidepanelShortcut(key({ key: 'i', ctrlKey: true }), { 'Ctrl/Cmd+I': false }, false)).toBeUndefined();
    expect(getSidepanelShortcut(key({ key: 'Escape' }), { 'Ctrl/Cmd+I': false }, true)).toBe('close');
    expect(getSidepanelShortcut(key({ key: 'Escape' }), { 'Ctrl/Cmd+I': true }, false)).toBeUndefined();
    expect(getSidepanelShortcut(key({ key: 'k', ctrlKey: true }), { 'Ctrl/Cmd+I': true }, false)).toBeUndefined();
    expect(getSidepanelShortcut(key({ key: '/' }), { 'Ctrl/Cmd+I': true }, false)).toBeUndefined();
  });
});

describe('listenForShortcuts', () => {
  let stop: () => void;
  const onAction = vi.fn();
  let isModalOpen = false;
  beforeEach(() => {
    onAction.mockReset();
    isModalOpen = false;
    stop = listenForShortcuts(window, { getContext: () => ({ ...both, isModalOpen }), onAction });
  });
  afterEach(() => stop());

  it('calls the handler and prevents the browser default for a shortcut', () => {
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(onAction).toHaveBeenCalledWith('openModal', event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves other keys alone', () => {
    const event = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(onAction).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('reads the open state at the time of the key', () => {
    isModalOpen = true;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(onAction).toHaveBeenCalledWith('closeModal', expect.anything());
  });

  it('stops listening once removed', () => {
    stop();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
    expect(onAction).not.toHaveBeenCalled();
  });
});

describe('hint helpers', () => {
  it('shows the Ctrl/Cmd+K hint only when that shortcut is enabled', () => {
    expect(shouldShowShortcutHint({ 'Ctrl/Cmd+K': true })).toBe(true);
    expect(shouldShowShortcutHint({ 'Ctrl/Cmd+K': false })).toBe(false);
  });

  it('chooses ⌘ on Apple platforms and Ctrl elsewhere', () => {
    expect(getModifierLabel({ platform: 'MacIntel' })).toBe('⌘');
    expect(getModifierLabel({ userAgentData: { platform: 'macOS' } })).toBe('⌘');
    expect(getModifierLabel({ platform: '', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe('⌘');
    expect(getModifierLabel({ platform: 'Win32' })).toBe('Ctrl');
    expect(getModifierLabel({ platform: 'Linux x86_64' })).toBe('Ctrl');
    expect(getModifierLabel(undefined)).toBe('Ctrl');
  });

  it('isEditable: an input of unknown type is a text field, as browsers treat it', () => {
    document.body.innerHTML = '<input type="foo"><input type="range">';
    const [unknown, range] = document.querySelectorAll('input');
    expect(isEditable(unknown)).toBe(true);
    expect(isEditable(range)).toBe(false);
  });

  it('isEditable ignores non-elements', () => {
    expect(isEditable(null)).toBe(false);
    expect(isEditable(document)).toBe(false);
    expect(isEditable(window)).toBe(false);
  });
});
