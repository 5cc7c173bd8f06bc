/**
 * What every icon is made of (the SVG frame, the stroke) and the close icon: the only icon parts
 * the chat and the Sidepanel share with the search modal. Apart from the modal's own icons
 * (icons.tsx re-exports these) so that the Sidepanel's files, which share a chunk with the modal's,
 * do not carry the modal's result and screen icons.
 */
import type { ReactElement } from 'react';

/** Icons are inline SVG so they inherit `currentColor` and need no extra request. */
export const svg = (className: string, path: ReactElement): ReactElement => (
  <svg className={className} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

export const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const CloseIcon = () => svg('sitesearch-action-icon', <path d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10l-5.09 5.09L10 10l-5.09-5.09L10 10z" {...stroke} />);
