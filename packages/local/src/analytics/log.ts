/**
 * The analytics log: append-only JSON lines in one folder, bounded, and readable after a crash.
 *
 * - Lines are written whole, in batches, by one writer; a crash mid-write can only leave the
 *   last line torn. A torn line is never glued to the next record (the writer starts a new line
 *   first) and the reader skips and counts it.
 * - Bounded: the current file (`analytics.jsonl`) is rotated to `analytics-<time>.jsonl` when
 *   it would pass `maxFileBytes`, and the oldest rotated files are deleted so that the folder
 *   stays under `maxTotalBytes`.
 * - A write that fails (full disk, unwritable folder) is reported once and the lines are
 *   dropped: recording never holds up or breaks the search it records.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalyticsLine } from './records.js';

export const CURRENT_FILE = 'analytics.jsonl';
const ROTATED = /^analytics-\d{4}-\d{2}-\d{2}T[0-9-]+Z\.jsonl$/;

export const DEFAULT_MAX_FILE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_MAX_TOTAL_BYTES = 512 * 1024 * 1024;
/** Lines waiting for a slow or failing disk beyond this are dropped (and counted), not kept in memory. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export interface AnalyticsLogOptions {
  /** The folder of the log (created if missing). */
  dir: string;
  /** Size at which the current file is rotated (default 32 MB). */
  maxFileBytes?: number;
  /** Size of the whole folder at most (default 512 MB): the oldest rotated files go first. */
  maxTotalBytes?: number;
  /** Told once when writing starts failing, and once when it works again (default: standard error). */
  onProblem?: (message: string) => void;
}

export class AnalyticsLog {
  readonly dir: string;
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
  /** Lines lost to a failing or slow disk since the start. */
  dropped = 0;
  private readonly onProblem: (message: string) => void;
  private pending: string[] = [];
  private pendingBytes = 0;
  private writing: Promise<void> | undefined;
  private handle: FileHandle | undefined;
  private size = 0;
  private failing = false;
  private lastRotation = 0;

  constructor(options: AnalyticsLogOptions) {
    this.dir = options.dir;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
    if (!Number.isSafeInteger(this.maxFileBytes) || this.maxFileBytes < 1024) throw new TypeError(`analytics: "maxFileBytes" must be at least 1024 bytes, got ${String(options.maxFileBytes)}`);
    if (!Number.isSafeInteger(this.maxTotalBytes) || this.maxTotalBytes < this.maxFileBytes) {
      throw new TypeError(`analytics: "maxTotalBytes" must be at least "maxFileBytes" (${this.maxFileBytes}), got ${String(options.maxTotalBytes)}`);
    }
    this.onProblem = options.onProblem ?? ((message) => process.stderr.write(`sitesearch: ${message}\n`));
  }

  get path(): string {
    return join(this.dir, CURRENT_FILE);
  }

  /** Queues a line; it is written within the next turn of the event loop. Never throws. */
  append(line: AnalyticsLine): void {
    const text = `${JSON.stringify(line)}\n`;
    if (this.pendingBytes + text.length > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (!this.writing) this.writing = this.drain();
  }

  /** Resolves once every line appended so far is written (or dropped). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle?.close().catch(() => {});
    this.handle = undefined;
  }

  private async drain(): Promise<void> {
    // Lines appended in the same turn go out in one write.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const lines = this.pending;
      this.pending = [];
      this.pendingBytes = 0;
      await this.write(lines);
    }
    this.writing = undefined;
  }

  private async write(lines: string[]): Promise<void> {
    let written = 0;
    try {
      let handle = this.handle ?? (await this.openCurrent());
      while (written < lines.length) {
        // As many lines as fit in the current file (one at least, in an empty file).
        let bytes = 0;
        let end = written;
        while (end < lines.length) {
          const size = Buffer.byteLength(lines[end]!);
          if (this.size + bytes + size > this.maxFileBytes && (this.size > 0 || end > written)) break;
          bytes += size;
          end++;
        }
        if (end === written) {
          await this.rotate();
          handle = await this.openCurrent();
          continue;
        }
        await handle.appendFile(lines.slice(written, end).join(''));
        this.size += bytes;
        written = end;
      }
      if (this.failing) {
        this.failing = false;
        this.onProblem(`analytics: writing to ${this.path} works again`);
      }
    } catch (error) {
      this.dropped += lines.length - written;
      // Reopened at the next write: the folder may have been fixed or the disk freed.
      await this.handle?.close().catch(() => {});
      this.handle = undefined;
      if (!this.failing) {
        this.failing = true;
        const { code, message } = error as NodeJS.ErrnoException;
        this.onProblem(`analytics: cannot write to ${this.path} (${code ?? message}); searches are still answered but not recorded until it can`);
      }
    }
  }

  private async openCurrent(): Promise<FileHandle> {
    await mkdir(this.dir, { recursive: true });
    const handle = await open(this.path, 'a+');
    try {
      this.size = (await handle.stat()).size;
      if (this.size > 0) {
        // A crash left the last line torn: start on a line of our own, or the next record is lost with it.
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, this.size - 1);
        if (last[0] !== 0x0a) {
          await handle.appendFile('\n');
          this.size += 1;
        }
      }
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    this.handle = handle;
    return handle;
  }

  private async rotate(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
    // Names sort by time: two rotations in one millisecond take the next free millisecond.
    const taken = new Set(await readdir(this.dir));
    const nameAt = (time: number): string => `analytics-${new Date(time).toISOString().replace(/[:.]/g, '-')}.jsonl`;
    let time = Math.max(Date.now(), this.lastRotation + 1);
    while (taken.has(nameAt(time))) time++;
    this.lastRotation = time;
    const name = nameAt(time);
    await rename(this.path, join(this.dir, name));
    this.size = 0;
    // The rotated files and a full current file together stay under the cap.
    const rotated = await rotatedFiles(this.dir);
    const sizes = await Promise.all(rotated.map(async (file) => (await stat(join(this.dir, file))).size));
    let total = sizes.reduce((sum, size) => sum + size, 0);
    for (let i = 0; i < rotated.length && total > this.maxTotalBytes - this.maxFileBytes; i++) {
      await unlink(join(this.dir, rotated[i]!));
      total -= sizes[i]!;
    }
  }
}

/** Rotated files, oldest first (their names sort by time). */
async function rotatedFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => ROTATED.test(name)).sort();
}

/** The log's files, oldest first: the rotated ones, then the current one. Missing folder: none. */
export async function logFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => ROTATED.test(name)).sort();
  if (names.includes(CURRENT_FILE)) files.push(CURRENT_FILE);
  return files.map((name) => join(dir, name));
}

export interface ReadSummary {
  files: number;
  /** Lines read as records. */
  lines: number;
  /** Lines that were not a whole record (torn by a crash, corrupted): skipped, never fatal. */
  skipped: number;
}

/**
 * Calls `onLine` for each record of the log, oldest first, streaming (the log may be large).
 * A line that is not a whole record is skipped and counted.
 */
export async function readLog(dir: string, onLine: (line: AnalyticsLine) => void): Promise<ReadSummary> {
  const summary: ReadSummary = { files: 0, lines: 0, skipped: 0 };
  const take = (text: string): void => {
    if (text === '') return;
    const line = parseLine(text);
    if (line) {
      summary.lines++;
      onLine(line);
    } else summary.skipped++;
  };
  for (const file of await logFiles(dir)) {
    summary.files++;
    let rest = '';
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
      const text = rest + (chunk as string);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        take(text.slice(start, end));
        start = end + 1;
      }
      rest = text.slice(start);
    }
    // A last line with no newline was cut by a crash, unless it happens to be whole.
    take(rest);
  }
  return summary;
}

function parseLine(text: string): AnalyticsLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const line = value as Record<string, unknown>;
  if (typeof line.time !== 'string' || typeof line.index !== 'string') return undefined;
  switch (line.type) {
    case 'search':
      return typeof line.query === 'string' && typeof line.nbHits === 'number' ? (line as unknown as AnalyticsLine) : undefined;
    case 'event':
      return typeof line.eventType === 'string' && (line.positions === undefined || Array.isArray(line.positions)) && (line.objectIDs === undefined || Array.isArray(line.objectIDs))
        ? (line as unknown as AnalyticsLine)
        : undefined;
    case 'question':
      return typeof line.question === 'string' && typeof line.answered === 'boolean' ? (line as unknown as AnalyticsLine) : undefined;
    default:
      return undefined;
  }
}
