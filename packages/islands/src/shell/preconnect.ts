/** Origin of the hosted provider's search API for an application (preconnected on intent). */
export const providerOrigin = (appId: string): string => `https://${appId.toLowerCase()}-dsn.algolia.net`;
