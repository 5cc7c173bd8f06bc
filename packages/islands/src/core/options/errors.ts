/**
 * Error and warning helpers shared by every option validator, so each message follows one
 * pattern: which widget, which option, what it got and what it accepts.
 */

/** The widget an option belongs to, as named in messages (`sitesearch` is the search modal). */
export type WidgetName = 'sitesearch' | 'sidepanel';

/** A short, human description of any value, for error messages. Never prints a whole object. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  if (typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  const node = value as { nodeType?: unknown; nodeName?: unknown };
  if (typeof node.nodeType === 'number' && typeof node.nodeName === 'string') return `a DOM node <${node.nodeName.toLowerCase()}>`;
  const keys = Object.keys(value as object);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.slice(0, 5).map((k) => JSON.stringify(k)).join(', ')}${keys.length > 5 ? ', …' : ''}`;
}

/** The error thrown for an option whose value has the wrong type or shape. */
export function invalidOption(widget: WidgetName, option: string, received: unknown, accepts: string): Error {
  return new Error(`${widget}: option "${option}" must be ${accepts}; received ${describeValue(received)}.`);
}

/** The error thrown for anything else wrong with an option (a missing one, a selector that matches nothing…). */
export function optionError(widget: WidgetName, message: string): Error {
  return new Error(`${widget}: ${message}`);
}

const warned = new Set<string>();

/** Writes a console warning once per page for a given key, so a deprecated option does not flood the console. */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  if (typeof console !== 'undefined') console.warn(message);
}

/** Forgets which warnings were shown (for tests). */
export function resetWarnings(): void {
  warned.clear();
}

/** Levenshtein distance, for "did you mean" hints on misspelled option names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The error thrown for an option name the widget does not know, with the closest known name. */
export function unknownOption(widget: WidgetName, path: string, known: readonly string[], where: string, note = ''): Error {
  const name = path.slice(path.lastIndexOf('.') + 1);
  const closest = known
    .map((candidate) => ({ candidate, distance: editDistance(name.toLowerCase(), candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance)[0];
  const hint = !note && closest && closest.distance <= Math.max(2, Math.floor(name.length / 2)) ? ` Did you mean "${closest.candidate}"?` : '';
  return new Error(`${widget}: unknown option "${path}" (${where}).${hint}${note} Known: ${known.map((k) => JSON.stringify(k)).join(', ')}.`);
}
