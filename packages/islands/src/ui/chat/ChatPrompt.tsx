import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { EnterKeyHint } from '../../core/translations.js';
import { SendIcon, StopIcon } from './chatIcons.js';

export interface ChatPromptProps {
  /** Chosen by the host (`placeholderTextAskAi`, `placeholderTextAskAiStreaming`, …). */
  placeholder: string;
  /** Chosen by the host (`enterKeyHintAskAi`). */
  enterKeyHint: EnterKeyHint;
  /** Accessible name of the textarea. */
  label: string;
  /** Accessible name of the send button. */
  sendLabel: string;
  /** Accessible name of the stop button. */
  stopLabel: string;
  /** An answer is on its way: the send button becomes a stop button; typing goes on. */
  streaming: boolean;
  onSend(text: string): void;
  onStop(): void;
  /** Lets the host focus the textarea (after a suggestion was chosen, on open, …). */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  autoFocus?: boolean;
}

/** The question box: grows to about 8 rows, Enter sends, Shift+Enter starts a new line. */
export function ChatPrompt({ placeholder, enterKeyHint, label, sendLabel, stopLabel, streaming, onSend, onStop, textareaRef, autoFocus }: ChatPromptProps) {
  const [value, setValue] = useState('');
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;

  // Grow with the content; the stylesheet's max-height stops it at about 8 rows, then it scrolls.
  // (A style property set from script is allowed under a strict `style-src` policy.)
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight}px`;
  }, [value]);

  useLayoutEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, []);

  const submit = () => {
    const text = value.trim();
    if (text === '' || streaming) return;
    onSend(text);
    setValue('');
    // A click on the send button took focus; the next question is typed here.
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that confirms an IME composition (Japanese, Chinese, …) must not send half a word.
    const native = (event.nativeEvent ?? event) as globalThis.KeyboardEvent;
    if (event.key !== 'Enter' || event.shiftKey || native.isComposing || native.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="sitesearch-chat-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        className="sitesearch-chat-textarea"
        rows={1}
        aria-label={label}
        placeholder={placeholder}
        enterKeyHint={enterKeyHint}
        // Room for a pasted stack trace of a few hundred lines (4,000 cut one of 200 lines to its
        // first 53, silently); the bound only keeps a whole pasted log from going out as one message.
        maxLength={32000}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {streaming ? (
        <button
          type="button"
          className="sitesearch-chat-send sitesearch-chat-send--stop"
          aria-label={stopLabel}
          title={stopLabel}
          onClick={() => {
            onStop();
            ref.current?.focus();
          }}
        >
          <StopIcon />
        </button>
      ) : (
        <button type="submit" className="sitesearch-chat-send" aria-label={sendLabel} title={sendLabel} disabled={value.trim() === ''}>
          <SendIcon />
        </button>
      )}
    </form>
  );
}
