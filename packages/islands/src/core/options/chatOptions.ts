/**
 * What the search modal's resolver needs only for the assistant chat: the `askAi` rules and the
 * chat's default texts (with every other text). `resolveSiteSearchOptions` imports it with the
 * rest; the CDN build's and the integrations' resolvers import it as a chunk of its own, only when
 * `askAi` is set or the given translations name a key outside the keyword search's
 * (`completeCdnOptions`, `resolveModalOptions` in keywordOnlyOptions.ts).
 */
export { resolveAskAi } from './askAi.js';
export { DEFAULT_TRANSLATIONS } from '../translations.js';
