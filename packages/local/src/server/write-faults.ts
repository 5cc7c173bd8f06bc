/**
 * Fault injection for the write API, so tests of `sitesearch push` can break an upload where
 * they choose: a status on the Nth batch (a 5xx, a 429), slow tasks, slow answers.
 */

export interface WriteFaultOptions {
  /** Answer batch requests with this HTTP status (and the provider's error JSON) instead of applying them. */
  status?: number;
  /** Which batch request is the first to fail, counted from 1 since the last `setWriteFaults` (default 1). */
  batch?: number;
  /** How many batch requests fail from `batch` on (default: every one that follows). A retry is a new request. */
  times?: number;
  /** Every new task answers `notPublished` to this many polls before `published` (a slow indexing queue). */
  taskPolls?: number;
  /** Milliseconds added before answering any write request. */
  latencyMs?: number;
}

const KNOWN = ['status', 'batch', 'times', 'taskPolls', 'latencyMs'];

export function validateWriteFaults(faults: WriteFaultOptions | null | undefined): WriteFaultOptions | null {
  if (faults === null || faults === undefined) return null;
  if (typeof faults !== 'object') throw new TypeError(`writeFaults must be an object or null, got ${typeof faults}`);
  const unknown = Object.keys(faults).find((key) => !KNOWN.includes(key));
  if (unknown) throw new TypeError(`writeFaults: unknown option "${unknown}"; known: ${KNOWN.join(', ')}`);
  const { status, batch, times, taskPolls, latencyMs } = faults;
  if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) {
    throw new TypeError(`writeFaults.status must be an HTTP error status from 400 to 599, got ${JSON.stringify(status)}`);
  }
  for (const [name, value, min] of [['batch', batch, 1], ['times', times, 1], ['taskPolls', taskPolls, 0]] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
      throw new TypeError(`writeFaults.${name} must be an integer >= ${min}, got ${JSON.stringify(value)}`);
    }
  }
  if (latencyMs !== undefined && !(typeof latencyMs === 'number' && latencyMs >= 0 && Number.isFinite(latencyMs))) {
    throw new TypeError(`writeFaults.latencyMs must be a number of milliseconds >= 0, got ${JSON.stringify(latencyMs)}`);
  }
  return { ...faults };
}

/** Counts batch requests and says which ones fail. */
export class WriteFaultInjector {
  #faults: WriteFaultOptions | null = null;
  #batches = 0;

  constructor(faults?: WriteFaultOptions | null) {
    this.set(faults);
  }

  set(faults: WriteFaultOptions | null | undefined): void {
    this.#faults = validateWriteFaults(faults);
    this.#batches = 0;
  }

  get latencyMs(): number {
    return this.#faults?.latencyMs ?? 0;
  }

  get taskPolls(): number {
    return this.#faults?.taskPolls ?? 0;
  }

  /** The status the next batch request gets instead of being applied, if any. */
  nextBatch(): number | undefined {
    this.#batches++;
    const faults = this.#faults;
    if (!faults || faults.status === undefined) return undefined;
    const first = faults.batch ?? 1;
    const last = faults.times === undefined ? Infinity : first + faults.times - 1;
    return this.#batches >= first && this.#batches <= last ? faults.status : undefined;
  }
}
