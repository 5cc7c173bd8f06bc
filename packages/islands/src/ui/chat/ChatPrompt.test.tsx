import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { act } from 'preact/test-utils';
import { ChatPrompt } from './ChatPrompt.js';
import { mount, unmountAll } from './testing.js';

afterEach(unmountAll);

function setup(streaming = false) {
  const onSend = vi.fn();
  const onStop = vi.fn();
  const root = mount(
    <ChatPrompt placeholder="Ask" enterKeyHint="enter" label="Ask a question" sendLabel="Submit question" stopLabel="Stop" streaming={streaming} onSend={onSend} onStop={onStop} />,
  );
  const textarea = root.querySelector('textarea')!;
  const type = (value: string) =>
    act(() => {
      textarea.value = value;
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const key = (init: KeyboardEventInit & { keyCode?: number }) => {
    const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    if (init.keyCode !== undefined) Object.defineProperty(event, 'keyCode', { value: init.keyCode });
    act(() => {
      textarea.dispatchEvent(event);
    });
    return event;
  };
  return { root, textarea, type, key, onSend, onStop };
}

describe('ChatPrompt', () => {
  it('sends on Enter, trimmed, and clears', () => {
    const { textarea, type, key, onSend } = setup();
    type('  How do I install?  ');
    const event = key({ key: 'Enter' });
    expect(event.defaultPrevented).toBe(true);
    expect(onSend).toHaveBeenCalledWith('How do I install?');
    expect(textarea.value).toBe('');
    expect(textarea.getAttribute('enterkeyhint')).toBe('enter');
    expect(textarea.getAttribute('aria-label')).toBe('Ask a question');
  });

  it('adds a line on Shift+Enter', () => {
    const { type, key, onSend } = setup();
    type('first line');
    const event = key({ key: 'Enter', shiftKey: true });
    expect(event.defaultPrevented).toBe(false);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send while an IME composes', () => {
    const { type, key, onSend } = setup();
    type('にほんご');
    expect(key({ key: 'Enter', isComposing: true }).defaultPrevented).toBe(false);
    expect(key({ key: 'Enter', keyCode: 229 }).defaultPrevented).toBe(false);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('ignores an empty question', () => {
    const { type, key, onSend, root } = setup();
    type('   ');
    key({ key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(true);
  });

  it('lets the user type while streaming, but not send; the send button is a stop button', () => {
    const { type, key, onSend, onStop, textarea, root } = setup(true);
    type('next question');
    key({ key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(textarea.value).toBe('next question');
    expect(textarea.disabled).toBe(false);
    const stop = root.querySelector<HTMLButtonElement>('button[aria-label="Stop"]')!;
    act(() => stop.click());
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(textarea);
  });
});
