import { randomBytes } from 'node:crypto';

/**
 * The provider answers a search that sets `clickAnalytics: true` with a `queryID`: 32 hex
 * digits that the click and conversion events of that search name. Undefined otherwise.
 */
export function queryIdFor(params: Record<string, unknown>): string | undefined {
  return params.clickAnalytics === true || params.clickAnalytics === 'true' ? randomBytes(16).toString('hex') : undefined;
}
