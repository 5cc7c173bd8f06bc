import type { DocHit, HierarchyLevel } from '../core/records.js';
import { HIERARCHY_LEVELS } from '../core/records.js';
import { getHitSegments, type TextSegment } from '../core/search/highlight.js';

/** How a hit reads in the list: its title line, the path above it, and which icon it gets. */
export interface HitDisplay {
  title: TextSegment[];
  /** Headings leading to the hit, joined with ` › ` (empty for a page). */
  path: TextSegment[];
  kind: 'page' | 'heading' | 'content';
}

const SEPARATOR: TextSegment = { value: ' › ', isHighlighted: false };

function pathTo(hit: DocHit, deepest: number): TextSegment[] {
  const parts: TextSegment[][] = [];
  for (let level = 1; level <= deepest; level++) {
    const segments = getHitSegments(hit, `hierarchy.${HIERARCHY_LEVELS[level]}`, 'highlight');
    if (segments.length > 0) parts.push(segments);
  }
  return parts.flatMap((segments, position) => (position === 0 ? segments : [SEPARATOR, ...segments]));
}

/** The deepest hierarchy level that has text. */
function deepestLevel(hit: DocHit): number {
  for (let level = HIERARCHY_LEVELS.length - 1; level >= 0; level--) {
    if (hit.hierarchy[HIERARCHY_LEVELS[level] as HierarchyLevel]) return level;
  }
  return 0;
}

/**
 * A page shows its title; a heading shows itself under the headings above it; a content block
 * shows its snippet under the full heading path — the way documentation readers scan results.
 */
export function getHitDisplay(hit: DocHit): HitDisplay {
  if (hit.type === 'content') {
    const title = getHitSegments(hit, 'content', 'snippet');
    return { title, path: pathTo(hit, deepestLevel(hit)), kind: 'content' };
  }
  const level = HIERARCHY_LEVELS.indexOf(hit.type as HierarchyLevel);
  if (level <= 1) {
    const title = getHitSegments(hit, `hierarchy.${level === 0 ? 'lvl0' : 'lvl1'}`, 'highlight');
    return { title: title.length > 0 ? title : [{ value: hit.url, isHighlighted: false }], path: [], kind: 'page' };
  }
  return { title: getHitSegments(hit, `hierarchy.${HIERARCHY_LEVELS[level]}`, 'highlight'), path: pathTo(hit, level - 1), kind: 'heading' };
}
