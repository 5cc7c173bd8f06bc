/** Fault injection for end-to-end tests: slow, failing or vanishing answers for a share of searches. */

export interface FaultOptions {
  /** Milliseconds added before answering. */
  latencyMs?: number;
  /** Answer with this HTTP status and the provider's error JSON instead of results. */
  status?: number;
  /** Close the connection without answering. */
  drop?: boolean;
  /**
   * Share of search requests affected, from 0 to 1 (default 1). Deterministic: with 0.5 every
   * second request is hit, so a test knows which ones fail.
   */
  rate?: number;
}

export interface FaultDecision {
  latencyMs: number;
  status: number | undefined;
  drop: boolean;
}

const NO_FAULT: FaultDecision = { latencyMs: 0, status: undefined, drop: false };

export function validateFaults(faults: FaultOptions | null | undefined): FaultOptions | null {
  if (faults === null || faults === undefined) return null;
  if (typeof faults !== 'object') throw new TypeError(`faults must be an object or null, got ${typeof faults}`);
  const { latencyMs, status, drop, rate, ...unknown } = faults;
  const extra = Object.keys(unknown);
  if (extra.length > 0) throw new TypeError(`faults: unknown option "${extra[0]}"; known: latencyMs, status, drop, rate`);
  if (latencyMs !== undefined && !(typeof latencyMs === 'number' && latencyMs >= 0 && Number.isFinite(latencyMs))) {
    throw new TypeError(`faults.latencyMs must be a number of milliseconds >= 0, got ${JSON.stringify(latencyMs)}`);
  }
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599)) {
    throw new TypeError(`faults.status must be an HTTP status from 200 to 599, got ${JSON.stringify(status)}`);
  }
  if (drop !== undefined && typeof drop !== 'boolean') throw new TypeError(`faults.drop must be a boolean, got ${JSON.stringify(drop)}`);
  if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && rate <= 1)) {
    throw new TypeError(`faults.rate must be a number from 0 to 1, got ${JSON.stringify(rate)}`);
  }
  return { ...faults };
}

/** Decides, request by request, which faults apply. */
export class FaultInjector {
  #faults: FaultOptions | null = null;
  #seen = 0;

  constructor(faults?: FaultOptions | null) {
    this.set(faults);
  }

  /** Replaces the faults (null clears them) and restarts the count that `rate` is spread over. */
  set(faults: FaultOptions | null | undefined): void {
    this.#faults = validateFaults(faults);
    this.#seen = 0;
  }

  get current(): FaultOptions | null {
    return this.#faults ? { ...this.#faults } : null;
  }

  next(): FaultDecision {
    const faults = this.#faults;
    if (!faults) return NO_FAULT;
    const rate = faults.rate ?? 1;
    const before = Math.floor(this.#seen * rate);
    this.#seen++;
    // Hit when this request carries the running count of affected requests past a whole number.
    if (Math.floor(this.#seen * rate) === before) return NO_FAULT;
    return { latencyMs: faults.latencyMs ?? 0, status: faults.status, drop: faults.drop ?? false };
  }
}
