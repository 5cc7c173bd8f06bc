import { useEffect, useState } from 'react';
import type { AskAiRuntime, AskAiScreenProps, LoadedAskAi } from './askAiRuntime.js';

type SlotProps = Omit<AskAiScreenProps, 'chat' | 'conversations'> & { runtime: AskAiRuntime };

/**
 * Where the Ask AI screens go: the chat's chunk is fetched on first use; until it arrives (or if
 * it cannot, offline) a plain frame keeps the dialog in place with a way back to keyword search.
 */
export function AskAiSlot({ runtime, ...props }: SlotProps) {
  const [loaded, setLoaded] = useState<LoadedAskAi | undefined>(runtime.loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    runtime.load().then(
      (result) => live && setLoaded(result),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [runtime]);
  if (loaded) return <loaded.Screen {...props} chat={loaded.chat} conversations={loaded.conversations} />;
  const { searchBox, askAiScreen, errorScreen } = props.options.translations.modal;
  return (
    <div className="sitesearch-screen" role={failed ? 'alert' : 'status'}>
      <p id={`${props.ids}-label`} className="sitesearch-screen-title">
        {failed ? errorScreen.titleText : askAiScreen.thinkingText}
      </p>
      {failed ? <p className="sitesearch-screen-help">{errorScreen.helpText}</p> : null}
      <button type="button" className="sitesearch-suggestion" onClick={() => props.session.backToSearch()}>
        {searchBox.backToKeywordSearchButtonText}
      </button>
    </div>
  );
}
