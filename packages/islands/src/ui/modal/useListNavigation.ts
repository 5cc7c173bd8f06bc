import { useLayoutEffect, useState, type KeyboardEvent } from 'react';

export interface ListNavigation {
  /** The item the combobox points at (`aria-activedescendant`): the chosen one, else the first. */
  activeId: string | undefined;
  /** Makes an item active (pointer hover). */
  setActiveId(id: string): void;
  /** Arrow keys on the input; returns true when the key was handled. */
  onArrowKey(event: KeyboardEvent): boolean;
}

/**
 * Keyboard navigation of a combobox's popup. The active item is derived, not synced in an
 * effect: a choice only counts for the list it was made in (`listKey`, e.g. the query), so new
 * results make the first item active in the same render, and an Enter pressed right after they
 * appear opens what the user sees.
 */
export function useListNavigation(ids: readonly string[], listKey: string, environment: Window): ListNavigation {
  const [choice, setChoice] = useState<{ id: string; listKey: string } | undefined>(undefined);
  const chosen = choice?.listKey === listKey ? choice.id : undefined;
  const activeId = chosen !== undefined && ids.includes(chosen) ? chosen : ids[0];

  useLayoutEffect(() => {
    if (activeId) environment.document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  return {
    activeId,
    setActiveId: (id) => setChoice({ id, listKey }),
    onArrowKey(event) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
      event.preventDefault();
      if (ids.length === 0) return true;
      const current = activeId === undefined ? -1 : ids.indexOf(activeId);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = current === -1 ? (step === 1 ? 0 : ids.length - 1) : (current + step + ids.length) % ids.length;
      setChoice({ id: ids[next]!, listKey });
      return true;
    },
  };
}
