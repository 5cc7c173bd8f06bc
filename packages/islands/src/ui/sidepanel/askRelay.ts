/**
 * Connects `MountedSidepanel.ask` to the panel's own `ask`, which the panel hands over once it
 * rendered (`registerAsk`): a question asked before that waits here (one at most: the latest)
 * while the panel opens.
 */
export function createAskRelay(open: () => void): { registerAsk(ask: ((question: string) => void) | undefined): void; ask(question: string): void } {
  let current: ((question: string) => void) | undefined;
  let queued: string | undefined;
  return {
    registerAsk(ask) {
      current = ask;
      if (current && queued !== undefined) {
        const question = queued;
        queued = undefined;
        current(question);
      }
    },
    ask(question) {
      if (current) current(question);
      else {
        queued = question;
        open();
      }
    },
  };
}
