/** Icons of the Ask AI entry points, drawn like the others in `../icons.tsx` (20×20, stroked, `currentColor`). */
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const SparklesIcon = () => (
  <svg className="sitesearch-hit-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d="M8 2.5 9.6 7 14 8.5 9.6 10 8 14.5 6.4 10 2 8.5 6.4 7zM15 12l.8 2.2L18 15l-2.2.8L15 18l-.8-2.2L12 15l2.2-.8z" {...stroke} />
  </svg>
);

export const ChatIcon = () => (
  <svg className="sitesearch-hit-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d="M3 4.5C3 3.7 3.7 3 4.5 3h11c.8 0 1.5.7 1.5 1.5v8c0 .8-.7 1.5-1.5 1.5H8l-4 3v-3h.5C3.7 14 3 13.3 3 12.5z" {...stroke} />
  </svg>
);
