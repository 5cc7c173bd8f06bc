import { resolveSidepanelOptions } from '../core/options/sidepanelOptions.js';
import type { SidepanelOptions } from '../core/options/types.js';
import { intentHints } from '../shell/preconnect.js';
import { startSidepanel, type SidepanelInstance } from '../shell/startSidepanel.js';
import type { SidepanelModule } from '../ui/sidepanel/contract.js';

export type { SidepanelInstance };

/**
 * Builds `sidepanel(options)` of the JavaScript entry around a way to import the panel's chunk.
 * Options are resolved (and a wrong one thrown) at the call; the panel loads on first interaction.
 */
export function createSidepanelFunction(importPanel: () => Promise<SidepanelModule>) {
  return function sidepanel(options: SidepanelOptions): SidepanelInstance {
    const resolved = resolveSidepanelOptions(options, 'js');
    const container = resolved.container!;
    const { sidepanel: texts } = resolved.translations;
    return startSidepanel(
      container,
      { buttonText: texts.buttonText, buttonAriaLabel: texts.buttonAriaLabel, side: resolved.side, showShortcutHint: resolved.keyboardShortcuts['Ctrl/Cmd+I'] },
      {
        environment: window,
        keyboardShortcuts: resolved.keyboardShortcuts,
        ...intentHints(resolved),
        load: () => importPanel().then((module) => module.createSidepanelMount(resolved, container, window)),
      },
    );
  };
}
