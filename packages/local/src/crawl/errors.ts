/** A crawl that cannot run as asked (a bad start URL, flag or config); the message names what and where. */
export class CrawlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrawlError';
  }
}
