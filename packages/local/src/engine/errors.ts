/**
 * A request the engine cannot answer as asked. `status` follows the provider's REST API (400 for a
 * bad parameter, 404 for an unknown index) so the loopback server can forward it unchanged.
 */
export class SearchRequestError extends Error {
  readonly status: number;

  constructor(message: string, status = 400) {
    super(message);
    this.name = 'SearchRequestError';
    this.status = status;
  }
}

/** The index files are missing, unreadable or not an index this version can read. */
export class IndexFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexFormatError';
  }
}
