import type { TextSegment } from '../core/search/highlight.js';

/** Renders parsed highlight segments as text; matches get a `<mark>` we create ourselves. */
export function Highlight({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, position) =>
        segment.isHighlighted ? (
          <mark key={position} className="sitesearch-mark">
            {segment.value}
          </mark>
        ) : (
          segment.value
        ),
      )}
    </>
  );
}
