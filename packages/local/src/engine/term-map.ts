/**
 * The terms of one shard with their data, and the three lookups the engine makes: a term itself,
 * the terms starting with a prefix (a word being typed, the words sharing a stem), and the terms
 * within a few edits of a word (typos). The terms are kept sorted, so the terms sharing a prefix
 * are neighbours: a prefix is a binary search and a walk, and the typo search computes the edit
 * distance rows of a shared prefix once and skips, by a binary search, every term under a prefix
 * already too far from the word (what a radix tree does with its nodes, without the nodes).
 */
export class TermMap<T> {
  private readonly terms: string[];
  private readonly data: Map<string, T>;

  /** `entries` in any order; the shards are written sorted, which makes building cheap. */
  constructor(entries: Iterable<readonly [string, T]>) {
    this.data = new Map(entries);
    this.terms = [...this.data.keys()];
    if (!isSorted(this.terms)) this.terms.sort(compare);
  }

  has(term: string): boolean {
    return this.data.has(term);
  }

  get(term: string): T | undefined {
    return this.data.get(term);
  }

  /** The terms starting with `prefix` (the prefix itself included), in order. */
  *withPrefix(prefix: string): Generator<string> {
    const terms = this.terms;
    for (let i = lowerBound(terms, prefix); i < terms.length && terms[i]!.startsWith(prefix); i++) yield terms[i]!;
  }

  /** The terms within `maxDistance` edits (Levenshtein: insert, delete, replace) of `word`, with their distance. */
  fuzzy(word: string, maxDistance: number): Map<string, number> {
    const found = new Map<string, number>();
    const terms = this.terms;
    const width = word.length + 1;
    // rows[d]: the distances between the first d letters of the current term and each prefix of `word`.
    const rows: Int32Array[] = [Int32Array.from({ length: width }, (_, j) => j)];
    // The letters of the previous term whose rows are still in `rows`.
    let previous = '';
    let i = 0;
    next: while (i < terms.length) {
      const term = terms[i]!;
      let depth = 0;
      while (depth < previous.length && depth < term.length && term.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
      for (; depth < term.length; depth++) {
        const above = rows[depth]!;
        const row = (rows[depth + 1] ??= new Int32Array(width));
        const letter = term.charCodeAt(depth);
        row[0] = depth + 1;
        let least = row[0];
        for (let j = 1; j < width; j++) {
          const cost = above[j - 1]! + (word.charCodeAt(j - 1) === letter ? 0 : 1);
          row[j] = Math.min(cost, above[j]! + 1, row[j - 1]! + 1);
          if (row[j]! < least) least = row[j]!;
        }
        if (least > maxDistance) {
          // No term starting with these letters comes within reach: skip them all.
          previous = term.slice(0, depth + 1);
          i = lowerBound(terms, `${previous}\uffff`, i + 1);
          continue next;
        }
      }
      const distance = rows[term.length]![word.length]!;
      if (distance <= maxDistance) found.set(term, distance);
      previous = term;
      i++;
    }
    return found;
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function isSorted(terms: readonly string[]): boolean {
  for (let i = 1; i < terms.length; i++) if (terms[i - 1]! > terms[i]!) return false;
  return true;
}

/** The first index from `from` whose term is not below `target`. */
function lowerBound(terms: readonly string[], target: string, from = 0): number {
  let low = from;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
