/** The `filters` syntax parser with its errors: `SearchRequestError`s (400), as the engine throws them. */
import { SearchRequestError } from './errors.js';
import { parseFilterSyntax, type FilterExpression } from './filters.js';

export type { FilterExpression };

/** Parses a `filters` string (`null`: blank, no filter); a bad one throws a `SearchRequestError`. */
export function parseFilters(source: string): FilterExpression | null {
  return parseFilterSyntax(source, SearchRequestError);
}
