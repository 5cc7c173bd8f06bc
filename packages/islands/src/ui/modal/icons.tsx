/** Icons of the Ask AI entry points, drawn like the others in `../icons.tsx` (20×20, stroked, `currentColor`). */
const icon = (d: string) => (
  <svg className="sitesearch-hit-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
  </svg>
);

export const SparklesIcon = () => icon('M9 2l1.8 5.2L16 9l-5.2 1.8L9 16l-1.8-5.2L2 9l5.2-1.8zM15.5 13l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z');

export const ChatIcon = () => icon('M3 4h14v10H8l-4 3v-3H3z');
