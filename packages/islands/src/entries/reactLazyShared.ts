/**
 * What the chunks of `@sitesearch/islands/react/lazy` (the modal's, the panel's) share.
 */
import { useMemo, useRef } from 'react';

/**
 * The options resolved from the latest props. When a render's props do not resolve, the last
 * good options stay (the refusal is reported in the console); before any resolved, `value` is
 * `undefined` and `error` says why. Never throws: a page's render must not fail on our options.
 */
export function useResolved<Options>(resolve: () => Options, wait = false): { value: Options | undefined; error?: unknown } {
  const last = useRef<Options | undefined>(undefined);
  // `wait`: what resolving needs is still loading; the last good options (if any) stand meanwhile.
  if (wait) return { value: last.current };
  try {
    last.current = resolve();
  } catch (error) {
    if (last.current === undefined) return { value: undefined, error };
    console.error('sitesearch: the new options were refused; the widget keeps its previous ones.', error);
  }
  return { value: last.current };
}

/**
 * Where the chat's stylesheet is linked: the page's head, which a React router keeps across
 * route changes. One object per URL: the hosts recreate the chat when it changes.
 */
export const useChatStylesheet = (href: string | undefined) => useMemo(() => (href ? { href, parent: document.head } : undefined), [href]);
