import type { AskAiScreenTranslations } from '../../core/translations.js';
import { CheckIcon, CopyIcon } from './chatIcons.js';

/**
 * The copy button of a code block and of an answer: its icon and its words ("Copy", then
 * "Copied!" for a moment). `live` says the change where nothing else does (an answer's actions
 * have a status line of their own).
 */
export function CopyButton({ copied, onClick, texts, live }: { copied: boolean; onClick(): void; texts: AskAiScreenTranslations; live?: boolean }) {
  return (
    <button type="button" className="sitesearch-chat-button" title={texts.copyButtonTitle} onClick={onClick}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live={live ? 'polite' : undefined}>{copied ? texts.copyButtonCopiedText : texts.copyButtonText}</span>
    </button>
  );
}
