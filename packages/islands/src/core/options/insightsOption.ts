import { isPlainObject } from './checks.js';
import { invalidOption, warnOnce } from './errors.js';
import type { ResolvedInsights } from './siteSearchOptionsBase.js';

/**
 * `insights`: off unless `true` or an object. Events go to `host`, else to the provider's
 * Insights API, which needs `appId`: on the local index without a `host` there is nowhere to send
 * them, so insights stays off and says so once. In the CDN build and the integrations' modal, it
 * ships in the insights chunk (analytics/insights.ts), imported only when the option is given.
 */
export function resolveInsights(value: unknown, appId: string | undefined): ResolvedInsights | undefined {
  if (value === undefined || value === false) return undefined;
  const given = (value === true ? {} : value) as Partial<ResolvedInsights>;
  const types: Record<string, string> = { userToken: 'string', useCookie: 'boolean', host: 'string' };
  if (!isPlainObject(given) || Object.keys(given).some((key) => typeof given[key as keyof ResolvedInsights] !== types[key]) || (given.host && !/^https?:\/\/[^/]+\/?$/.test(given.host))) {
    throw invalidOption('sitesearch', 'insights', value, 'a boolean or { userToken?: string, useCookie?: boolean, host?: "https://…" }');
  }
  if (!given.host && !appId) return void warnOnce('sitesearch:insights', 'sitesearch: option "insights" needs a "host" with the local index; no events are sent.');
  return { host: given.host?.replace(/\/$/, '') ?? 'https://insights.algolia.io', userToken: given.userToken, useCookie: !!given.useCookie };
}
