/**
 * Records as pushed to the provider: the indexer's records (what the widget expects), plus two
 * attributes the hosted index needs and the local one does not:
 * - `weight` (`pageRank`, `level`, `position`), the docs crawler's custom ranking, standing in for
 *   the local engine's page ranks, record-type weights and "ties keep page order". The page's
 *   rank moves into `weight.pageRank`, where the provider's DocSearch records carry it (and
 *   `desc(weight.pageRank)` ranks it): a pushed record carries one rank, not `page_rank` too.
 *   The engine reads either, so a local index and a pushed one rank alike;
 * - `contentHash`, a hash of everything else, so `--incremental` can tell a changed record from
 *   an unchanged one by browsing only the hashes.
 */
import { createHash } from 'node:crypto';
import type { DocRecord, RecordType } from '../records.js';

export interface PushRecord extends DocRecord {
  weight: { pageRank: number; level: number; position: number };
  contentHash: string;
}

/** Page title first, then headings by depth, content last: the local engine's `typeWeights` order. */
const LEVEL_BY_TYPE: Record<RecordType, number> = { lvl0: 100, lvl1: 100, lvl2: 90, lvl3: 80, lvl4: 70, lvl5: 60, lvl6: 50, content: 0 };

export function toPushRecords(records: readonly DocRecord[]): PushRecord[] {
  const positions = new Map<string, number>();
  return records.map((record) => {
    const page = record.url_without_anchor ?? record.url.replace(/#.*$/, '');
    const position = positions.get(page) ?? 0;
    positions.set(page, position + 1);
    // A page rank set per start URL (a docsearch config's `page_rank`) ranks the pages under it higher.
    const { page_rank: rank, ...rest } = record;
    const pageRank = typeof rank === 'number' ? rank : 0;
    const pushed = { ...rest, weight: { pageRank, level: LEVEL_BY_TYPE[record.type] ?? 0, position } };
    return { ...pushed, contentHash: contentHash(pushed) };
  });
}

/** A short hash of the record as JSON (its attributes in the indexer's fixed order). */
export function contentHash(record: object): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 22);
}

/** Bytes of a record as sent in a batch (JSON, UTF-8). */
export function recordBytes(record: object): number {
  return Buffer.byteLength(JSON.stringify(record));
}
