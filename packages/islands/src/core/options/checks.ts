import { invalidOption, unknownOption, type WidgetName } from './errors.js';

/**
 * Small type checks used by the option resolvers. Each returns the value with its checked type
 * or throws the shared `invalidOption` error, so resolvers read as a list of rules.
 */

/** Where an option sits: the widget it belongs to and its dotted path (e.g. `askAi.assistantId`). */
export interface OptionPath {
  widget: WidgetName;
  path: string;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

export function checkString(at: OptionPath, value: unknown, { allowEmpty = false } = {}): string {
  if (typeof value !== 'string' || (!allowEmpty && value.trim() === '')) {
    throw invalidOption(at.widget, at.path, value, allowEmpty ? 'a string' : 'a non-empty string');
  }
  return value;
}

export function checkBoolean(at: OptionPath, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidOption(at.widget, at.path, value, 'true or false');
  return value;
}

export function checkFunction<F extends (...args: never[]) => unknown>(at: OptionPath, value: unknown): F {
  if (typeof value !== 'function') throw invalidOption(at.widget, at.path, value, 'a function');
  return value as F;
}

export function checkInteger(at: OptionPath, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw invalidOption(at.widget, at.path, value, min === 0 ? 'a whole number of 0 or more' : `a whole number of ${min} or more`);
  }
  return value;
}

export function checkStringArray(at: OptionPath, value: unknown): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalidOption(at.widget, at.path, value, 'an array of strings');
  }
  return value as string[];
}

export function checkPlainObject(at: OptionPath, value: unknown, accepts = 'an object'): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalidOption(at.widget, at.path, value, accepts);
  return value;
}

export function checkOneOf<T extends string>(at: OptionPath, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidOption(at.widget, at.path, value, `one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  return value as T;
}

/** Checks a `{ [shortcut]: boolean }` object and returns every known shortcut with its resolved state. */
export function checkShortcuts<K extends string>(at: OptionPath, value: unknown, known: readonly K[], note = ''): Record<K, boolean> {
  const resolved = Object.fromEntries(known.map((key) => [key, true])) as Record<K, boolean>;
  if (value === undefined) return resolved;
  const object = checkPlainObject(at, value, `an object with the keys ${known.map((k) => JSON.stringify(k)).join(', ')}`);
  for (const [key, enabled] of Object.entries(object)) {
    if (!(known as readonly string[]).includes(key)) {
      throw unknownOption(at.widget, `${at.path}.${key}`, known, 'a keyboard shortcut', note);
    }
    if (enabled === undefined) continue;
    resolved[key as K] = checkBoolean({ widget: at.widget, path: `${at.path}.${key}` }, enabled);
  }
  return resolved;
}

/** Whether a value is a DOM element, checked structurally so elements of another frame count too. */
export const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && (value as Node).nodeType === 1 && typeof (value as Element).tagName === 'string';

/** Whether a value is a DOM element or a document fragment (a shadow root counts). */
export const isElementOrFragment = (value: unknown): value is Element | DocumentFragment =>
  isElement(value) || (typeof value === 'object' && value !== null && (value as Node).nodeType === 11);
