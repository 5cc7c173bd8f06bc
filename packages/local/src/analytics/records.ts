/**
 * The lines of the analytics log: one JSON object per line, each with a `type` and an ISO
 * `time` (UTC). Nothing here identifies a person: no IP address, no user agent; a user is the
 * pseudonymous token the widget chose (the provider's `userToken`), or nobody.
 */

/** A settled search (see `settle.ts`): what a reader searched for and how many hits it found. */
export interface SearchLine {
  type: 'search';
  time: string;
  index: string;
  query: string;
  nbHits: number;
  /** The provider's `userToken` (search parameter or `X-Algolia-UserToken` header), when the client sent one. */
  userToken?: string;
  /** Set when the search asked for `clickAnalytics`: the `queryID` its answer carried, which click events name. */
  queryID?: string;
}

/** An Insights event as received on `POST /1/events` (after validation), plus the pages it names. */
export interface EventLine {
  type: 'event';
  time: string;
  eventType: 'click' | 'conversion' | 'view';
  eventName: string;
  index: string;
  userToken: string;
  queryID?: string;
  objectIDs?: string[];
  positions?: number[];
  filters?: string[];
  /**
   * The URLs of `objectIDs`, when the server still knew the search that showed them (the hits
   * of recent tracked searches are kept in memory): the report's "top clicked pages".
   */
  urls?: string[];
  /** The event's own `timestamp` (ms), when it sent one; `time` is when it arrived. */
  timestamp?: number;
}

/** A question to the local assistant and whether the docs answered it. */
export interface QuestionLine {
  type: 'question';
  time: string;
  index: string;
  question: string;
  /** False when the assistant found nothing to cite ("the docs do not cover this") or failed. */
  answered: boolean;
}

export type AnalyticsLine = SearchLine | EventLine | QuestionLine;
