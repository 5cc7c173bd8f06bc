/**
 * A widget's island in a React tree (the modal's loader, the Sidepanel's), for every React entry.
 */
import { useEffect, useRef, type DependencyList } from 'react';
import type { ReadableStore } from '../core/state/store.js';

interface Kept {
  island: { destroy(): void };
  deps: DependencyList;
  /** Set by the cleanup until the island goes (a microtask later), unless an effect kept it. */
  leaving?: boolean;
}

/**
 * Makes the island in an effect (`create` returns nothing when there is nothing to attach it to)
 * and destroys it once the component unmounts or `deps` change. React's StrictMode (development)
 * runs every effect twice as a tree mounts: effect, cleanup, effect, in one go. Destroying the
 * first island there would lose what it had taken over: the keys typed before hydration (the
 * early shortcut script's typing proxy, which only the first island can take) and the widget it
 * was opening. So the cleanup waits a microtask, and an effect run again meanwhile with the same
 * `deps` keeps the island.
 */
export function useIsland(create: () => { destroy(): void } | undefined, deps: DependencyList): void {
  const kept = useRef<Kept | undefined>(undefined);
  useEffect(() => {
    let entry = kept.current;
    if (entry && entry.deps.length === deps.length && entry.deps.every((value, index) => Object.is(value, deps[index]))) entry.leaving = false;
    else {
      // The deps changed: the island they made goes now (and not again a microtask later).
      if (entry) (entry.leaving = false), entry.island.destroy();
      const island = create();
      kept.current = entry = island && { island, deps };
      if (!entry) return;
    }
    const current = entry;
    return () => {
      current.leaving = true;
      queueMicrotask(() => {
        if (!current.leaving) return;
        current.island.destroy();
        if (kept.current === current) kept.current = undefined;
      });
    };
    // The caller's deps decide when the island is made again.
  }, deps);
}

/**
 * The island's `takePendingQuery` for a modal React renders: StrictMode (development) runs the
 * modal's mount effects twice, and the second run must get the keys the first one took (the
 * island hands them over once). Asked again while the modal stays open, it gives the same answer.
 */
export function takenOnce(take: () => string | undefined, store: ReadableStore<{ isOpen: boolean }>): () => string | undefined {
  let taken: [string | undefined] | undefined;
  // Each opening mounts the modal's input again: what it takes then is that opening's.
  store.subscribe(({ isOpen }) => isOpen || (taken = undefined));
  return () => (taken ??= [take()])[0];
}
