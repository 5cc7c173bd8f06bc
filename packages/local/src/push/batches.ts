/**
 * Batch sizing under the provider's limits: at most 1000 records and well under 10 MB per
 * batch request. The client cuts `objects` into equal counts (`batchSize`), so the size is
 * the largest count whose every chunk fits the byte budget.
 */

export const MAX_BATCH_RECORDS = 1000;
/** A margin under the provider's 10 MB: the batch envelope and escaping add a little. */
export const MAX_BATCH_BYTES = 9 * 1024 * 1024;

export function chooseBatchSize(recordSizes: readonly number[], maxRecords = MAX_BATCH_RECORDS, maxBytes = MAX_BATCH_BYTES): number {
  let size = Math.max(1, Math.min(maxRecords, recordSizes.length));
  while (size > 1 && !fits(recordSizes, size, maxBytes)) size = Math.max(1, Math.floor(size / 2));
  return size;
}

function fits(recordSizes: readonly number[], size: number, maxBytes: number): boolean {
  for (let start = 0; start < recordSizes.length; start += size) {
    let bytes = 0;
    for (let i = start; i < Math.min(start + size, recordSizes.length); i++) bytes += recordSizes[i]!;
    if (bytes > maxBytes) return false;
  }
  return true;
}

/** `[first, last]` record numbers (1-based) of batch `n` (1-based). */
export function batchRange(n: number, batchSize: number, total: number): [number, number] {
  return [(n - 1) * batchSize + 1, Math.min(n * batchSize, total)];
}
