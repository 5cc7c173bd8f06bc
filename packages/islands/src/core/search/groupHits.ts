import type { DocHit } from '../records.js';

/** Hits of one index that share a page section (`hierarchy.lvl0`). */
export interface HitGroup {
  /** Index the hits came from. */
  indexName: string;
  /** Section title (`hierarchy.lvl0`), or the index name for hits without one. */
  title: string;
  /** The hits, in ranking order, at most `maxResultsPerGroup`. */
  hits: DocHit[];
}

/**
 * Groups hits by index, in the order of `indices`, then by section in order of first
 * appearance (so the best hit's section comes first), capping each group.
 */
export function groupHits(resultsByIndex: ReadonlyArray<{ indexName: string; hits: readonly DocHit[] }>, maxResultsPerGroup: number): HitGroup[] {
  const groups: HitGroup[] = [];
  for (const { indexName, hits } of resultsByIndex) {
    const bySection = new Map<string, HitGroup>();
    for (const hit of hits) {
      const title = hit.hierarchy?.lvl0 || indexName;
      let group = bySection.get(title);
      if (!group) {
        group = { indexName, title, hits: [] };
        bySection.set(title, group);
        groups.push(group);
      }
      if (group.hits.length < maxResultsPerGroup) group.hits.push(hit);
    }
  }
  return groups;
}
