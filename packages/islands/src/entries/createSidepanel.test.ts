import { afterEach, describe, expect, it, vi } from 'vitest';
import { sidepanelButtonHtml } from '../shell/sidepanelButtonMarkup.js';
import type { SidepanelModule, SidepanelMountContext } from '../ui/sidepanel/contract.js';
import { createSidepanelFunction } from './createSidepanel.js';

const options = { appId: 'APP', apiKey: 'KEY', assistantId: 'assistant', indexName: 'docs' };
let destroy: (() => void) | undefined;
afterEach(() => {
  destroy?.();
  destroy = undefined;
});

function fakeModule() {
  const contexts: SidepanelMountContext[] = [];
  const module: SidepanelModule = {
    createSidepanelMount: vi.fn(async () => (context: SidepanelMountContext) => {
      contexts.push(context);
      return { unmount() {}, ask() {} };
    }),
  };
  return { module, contexts };
}

describe('sidepanel(options) of the JavaScript entry', () => {
  it('adds the trigger to the container, loads the panel on click into the container, and destroy() removes it all', async () => {
    document.body.innerHTML = '<div id="panel"></div>';
    const { module, contexts } = fakeModule();
    const instance = createSidepanelFunction(async () => module)({ ...options, container: '#panel', side: 'left' });
    destroy = instance.destroy;
    const trigger = document.querySelector<HTMLButtonElement>('#panel > [data-sitesearch-sidepanel-button]')!;
    expect(trigger.getAttribute('data-side')).toBe('left');
    expect(trigger.textContent).toContain('Ask AI');
    expect(module.createSidepanelMount).not.toHaveBeenCalled();
    trigger.click();
    await vi.waitFor(() => expect(contexts).toHaveLength(1));
    expect(contexts[0]!.store.get().isOpen).toBe(true);
    expect(vi.mocked(module.createSidepanelMount).mock.calls[0]![1]).toBe(document.getElementById('panel'));
    instance.destroy();
    destroy = undefined;
    expect(document.querySelector('[data-sitesearch-sidepanel-button]')).toBeNull();
  });

  it('keeps a server-rendered trigger and throws on invalid options, naming them', () => {
    document.body.innerHTML = `<div id="panel">${sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: true })}</div>`;
    const server = document.querySelector('[data-sitesearch-sidepanel-button]');
    const sidepanel = createSidepanelFunction(async () => fakeModule().module);
    const instance = sidepanel({ ...options, container: '#panel' });
    expect(document.querySelectorAll('[data-sitesearch-sidepanel-button]')).toHaveLength(1);
    instance.destroy();
    expect(document.querySelector('[data-sitesearch-sidepanel-button]')).toBe(server);
    expect(() => sidepanel({ ...options, container: '#panel', variant: 'side' as never })).toThrowError('variant');
  });
});
