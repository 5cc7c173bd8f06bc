import type { DocRecord } from '../records.js';
import { IndexFormatError } from './errors.js';
import type { BuiltIndex, FacetData, IndexManifest, IndexSource, TermShard } from './format.js';

/** Serves a freshly built index from memory (tests, the bench, and `startServer` given records). */
export function memorySource(index: BuiltIndex): IndexSource {
  return {
    manifest: async (): Promise<IndexManifest> => index.manifest,
    termShard: async (key): Promise<TermShard> => {
      const shard = index.termShards.get(key);
      if (!shard) throw new IndexFormatError(`term shard "${key}" is not in the index`);
      return shard;
    },
    recordShard: async (shard): Promise<DocRecord[]> => {
      const records = index.recordShards[shard];
      if (!records) throw new IndexFormatError(`record shard ${shard} is not in the index`);
      return records;
    },
    facets: async (): Promise<FacetData> => index.facets,
  };
}
