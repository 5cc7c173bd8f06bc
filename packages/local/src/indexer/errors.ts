/** The indexer could not run at all; the message says what and where. */
export class IndexerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexerError';
  }
}
