/** The expand and collapse icons of the panel's header, drawn like the Ask AI screen's (20×20, stroked, `currentColor`). */
import type { ReactElement } from 'react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const icon = (path: ReactElement) => (
  <svg className="sitesearch-action-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

/** Arrows apart: the panel grows. */
export const ExpandIcon = () => icon(<path d="M12 3h5v5M8 17H3v-5M17 3l-6 6M3 17l6-6" {...stroke} />);
/** Arrows together: the panel shrinks back. */
export const CollapseIcon = () => icon(<path d="M16 9h-5V4M4 11h5v5M11 9l6-6M9 11l-6 6" {...stroke} />);
