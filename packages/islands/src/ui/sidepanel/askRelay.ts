import type { SidepanelAsk } from './contract.js';

/**
 * Connects `MountedSidepanel.ask` to the panel's own `ask`, which the panel hands over once it
 * rendered (`registerAsk`): a question asked before that waits here (one at most: the latest)
 * while the panel opens.
 */
export function createAskRelay(open: () => void): { registerAsk(ask: SidepanelAsk | undefined): void; ask: SidepanelAsk } {
  let current: SidepanelAsk | undefined;
  let queued: Parameters<SidepanelAsk> | undefined;
  return {
    registerAsk(ask) {
      current = ask;
      if (current && queued) {
        const args = queued;
        queued = undefined;
        current(...args);
      }
    },
    ask(...args) {
      if (current) current(...args);
      else {
        queued = args;
        open();
      }
    },
  };
}
