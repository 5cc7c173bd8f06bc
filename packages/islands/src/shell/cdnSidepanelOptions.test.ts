import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATIONS } from '../core/translations.js';
import { checkSidepanelOptionsEarly, DEFAULT_SIDEPANEL_BUTTON_TEXTS } from './cdnSidepanelOptions.js';

beforeEach(() => {
  document.body.innerHTML = '<div id="panel"></div>';
});

describe('checkSidepanelOptionsEarly (the CDN script, before the panel chunk)', () => {
  it('draws the trigger with the default texts, equal to the default translations', () => {
    expect(DEFAULT_SIDEPANEL_BUTTON_TEXTS).toEqual({ buttonText: DEFAULT_TRANSLATIONS.sidepanel.buttonText, buttonAriaLabel: DEFAULT_TRANSLATIONS.sidepanel.buttonAriaLabel });
    const early = checkSidepanelOptionsEarly({ container: '#panel', assistantId: 'a' });
    expect(early.container).toBe(document.getElementById('panel'));
    expect(early.button).toEqual({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: true });
    expect(early.keyboardShortcuts).toEqual({ 'Ctrl/Cmd+I': true });
  });

  it('reads the side, the shortcut and the trigger texts', () => {
    const early = checkSidepanelOptionsEarly({
      container: '#panel',
      agentId: 'a',
      side: 'left',
      keyboardShortcuts: { 'Ctrl/Cmd+I': false },
      translations: { sidepanel: { buttonText: 'Demander', buttonAriaLabel: "Demander à l'IA" } },
    });
    expect(early.button).toEqual({ buttonText: 'Demander', buttonAriaLabel: "Demander à l'IA", side: 'left', showShortcutHint: false });
  });

  it('throws at the call for a missing required option, the container and any option of the wrong type, naming it', () => {
    expect(() => checkSidepanelOptionsEarly({ container: '#panel' })).toThrowError('option "assistantId" (or its later name "agentId") is required');
    expect(() => checkSidepanelOptionsEarly({ assistantId: 'a' })).toThrowError('option "container" is required');
    expect(() => checkSidepanelOptionsEarly({ assistantId: 'a', container: '#nope' })).toThrowError('option "container"');
    expect(() => checkSidepanelOptionsEarly({ assistantId: 'a', container: '#panel', keyboardShortcuts: { 'Ctrl/Cmd+I': 'no' } })).toThrowError('keyboardShortcuts.Ctrl/Cmd+I');
    expect(() => checkSidepanelOptionsEarly('x')).toThrowError('sidepanel');
    expect(() => checkSidepanelOptionsEarly({ assistantId: 5, container: '#panel' })).toThrowError('sidepanel: option "assistantId" must be a string; received a number.');
    expect(() => checkSidepanelOptionsEarly({ assistantId: 'a', container: '#panel', width: {} })).toThrowError('option "width" must be a number or a string');
    expect(() => checkSidepanelOptionsEarly({ assistantId: 'a', container: '#panel', translations: { sidepanel: { buttonText: 1 } } })).toThrowError('option "translations.sidepanel.buttonText"');
  });
});
