import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { lockPageScroll, trapTab } from '../pageEffects.js';

interface ModalShellProps {
  /** Id of the element that names the dialog. */
  labelledBy: string;
  environment: Window;
  onClose(): void;
  children: ReactNode;
}

/**
 * The dialog around every screen: the overlay (a press on it closes), the focus trap and the page
 * scroll lock. Escape is the loader's shortcut listener's job, so it closes from every screen.
 */
export function ModalShell({ labelledBy, environment, onClose, children }: ModalShellProps) {
  const modalRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => lockPageScroll(environment), []);
  return (
    <div
      className="sitesearch-container"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={modalRef}
        className="sitesearch-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        onKeyDown={(event) => {
          if (modalRef.current) trapTab(event.nativeEvent, modalRef.current);
        }}
      >
        {children}
      </div>
    </div>
  );
}
