/**
 * The panel's header controls: the expand and collapse icons, drawn like the Ask AI screen's
 * (20×20, stroked, `currentColor`), and the button every header action is (the history bar's
 * way back too): one icon, its label as both title and accessible name.
 */
import type { ReactElement } from 'react';
import { stroke, svg } from '../chat/iconBase.js';

/** Arrows apart: the panel grows. */
export const ExpandIcon = () => svg('sitesearch-action-icon', <path d="M12 3h5v5M8 17H3v-5M17 3l-6 6M3 17l6-6" {...stroke} />);
/** Arrows together: the panel shrinks back. */
export const CollapseIcon = () => svg('sitesearch-action-icon', <path d="M16 9h-5V4M4 11h5v5M11 9l6-6M9 11l-6 6" {...stroke} />);

/** A header action: `pressed` for a toggle (the history), `className` added to the shared one. */
export const PanelAction = ({ label, onClick, icon, pressed, className = '' }: { label: string; onClick(): void; icon: ReactElement; pressed?: boolean; className?: string }) => (
  <button type="button" className={`sitesearch-sidepanel-action ${className}`.trim()} title={label} aria-label={label} aria-pressed={pressed} onClick={onClick}>
    {icon}
  </button>
);
