import { useEffect, useRef, useState } from 'react';

/** How long "Copied!" stays before the button reads "Copy" again. */
export const COPIED_FOR_MS = 1500;

/**
 * Copies text to the clipboard and says so for a moment. Without a clipboard (insecure context,
 * permission refused) nothing claims success.
 */
export function useCopy(): [copied: boolean, copy: (text: string) => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = (text: string) => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) return;
    clipboard.writeText(text).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
      },
      () => {},
    );
  };
  return [copied, copy];
}
