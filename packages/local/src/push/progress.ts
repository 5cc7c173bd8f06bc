/**
 * Upload progress: a bar redrawn in place on a terminal; one plain line per batch when the
 * output is a file or a CI log (where a redrawn line becomes thousands of lines).
 */

export interface ProgressOutput {
  write(text: string): void;
  /** A terminal that can redraw a line. */
  isTTY?: boolean;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * A status line redrawn in place on a terminal, and the lines that must not be drawn over it:
 * what the upload bar and the crawl's progress line share.
 */
export class RedrawnLine {
  #drawn = false;

  constructor(protected readonly output: ProgressOutput) {}

  /** Draws `text` over the status line (on a terminal only: the caller checks `output.isTTY`). */
  protected draw(text: string): void {
    this.output.write(`\r${text}`);
    this.#drawn = true;
  }

  /** A line that must not be drawn over the status line (a retry, a failure, the summary). */
  line(text: string): void {
    this.end();
    this.output.write(`${text}\n`);
  }

  /** Ends the status line, if one is drawn. */
  end(): void {
    if (this.#drawn) this.output.write('\n');
    this.#drawn = false;
  }
}

export class UploadProgress extends RedrawnLine {
  #records = 0;
  #bytes = 0;

  constructor(
    output: ProgressOutput,
    private readonly total: { records: number; bytes: number; batches: number },
  ) {
    super(output);
  }

  /** One batch of `records` records and `bytes` bytes is stored. */
  batchDone(batch: number, records: number, bytes: number): void {
    this.#records = Math.min(this.total.records, this.#records + records);
    this.#bytes += bytes;
    const counts = `${this.#records}/${this.total.records} records, ${formatBytes(this.#bytes)}/${formatBytes(this.total.bytes)}`;
    if (this.output.isTTY) {
      const width = 24;
      const filled = this.total.records === 0 ? width : Math.round((this.#records / this.total.records) * width);
      this.draw(`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counts} `);
    } else {
      this.output.write(`  batch ${batch}/${this.total.batches}: ${counts}\n`);
    }
  }
}
