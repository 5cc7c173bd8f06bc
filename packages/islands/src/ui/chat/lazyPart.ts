import { useEffect, useState } from 'react';

/**
 * A piece of the chat that its first screen never needs (the history, an answer's actions), in a
 * chunk of its own, as a hook: `undefined` until the chunk is here (the caller renders nothing in
 * its place), then what it exports. The fetch starts the first time a mounted component wants it;
 * one that fails (offline) is tried again the next time. `preload` fetches it now.
 */
export function lazyPart<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  const preload = () =>
    (pending ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const useLoaded = (wanted = true): T | undefined => {
    const [value, setValue] = useState(() => loaded);
    useEffect(() => {
      if (!wanted || value) return;
      let live = true;
      preload().then(
        (part) => live && setValue(() => part),
        () => {},
      );
      return () => {
        live = false;
      };
    }, [wanted, value]);
    return value;
  };
  return Object.assign(useLoaded, { preload });
}
