/**
 * `POST /1/events`, the provider's Insights API: the body `{events: [...]}` checked as the
 * provider checks it, with its status codes and messages (its API reference lists them), so a
 * client sees here what it would see there. All events must be valid, or none is recorded.
 */

/** The provider's batch limit. */
export const MAX_EVENTS = 1000;
/** The provider's body limit: "the request body must be smaller than 2 MB". */
export const MAX_EVENTS_BODY_BYTES = 2 * 1024 * 1024;
/** The provider refuses events whose `timestamp` is older than this. */
const MAX_EVENT_AGE_MS = 4 * 24 * 60 * 60 * 1000;
const MAX_ITEMS = 20;

export interface InsightsEvent {
  eventType: 'click' | 'conversion' | 'view';
  eventName: string;
  index: string;
  userToken: string;
  authenticatedUserToken?: string;
  queryID?: string;
  objectIDs?: string[];
  positions?: number[];
  filters?: string[];
  timestamp?: number;
}

/** A refusal with the provider's status and message (`{status, message}` on the wire). */
export class InsightsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string): InsightsError => new InsightsError(422, message);

const STRING_FIELDS = ['eventType', 'eventName', 'eventSubtype', 'index', 'userToken', 'authenticatedUserToken', 'queryID', 'currency'] as const;
const STRING_LIST_FIELDS = ['objectIDs', 'filters'] as const;

export function validateEvents(body: unknown, now = Date.now()): InsightsEvent[] {
  if (Array.isArray(body)) throw invalid('Invalid type for field : expected insights.PublicEventsBatch, got array');
  if (body === null || typeof body !== 'object') throw invalid('No events to process');
  const { events } = body as { events?: unknown };
  if (events !== undefined && !Array.isArray(events)) throw invalid(`Invalid type for field events: expected array, got ${typeName(events)}`);
  if (!events || events.length === 0) throw invalid('No events to process');
  if (events.length > MAX_EVENTS) throw invalid(`Cannot process more than ${MAX_EVENTS} events in a batch`);
  return events.map((event) => validateEvent(event, now));
}

function validateEvent(value: unknown, now: number): InsightsEvent {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid payload');
  const event = value as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    if (event[field] !== undefined && typeof event[field] !== 'string') throw wrongType(field, 'string', event[field]);
  }
  for (const field of STRING_LIST_FIELDS) {
    const list = event[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw wrongType(field, 'array', list);
    const item = list.find((entry) => typeof entry !== 'string');
    if (item !== undefined) throw wrongType(field, 'string', item);
  }
  if (event.positions !== undefined) {
    if (!Array.isArray(event.positions)) throw wrongType('positions', 'array', event.positions);
    const item = event.positions.find((entry) => !Number.isInteger(entry));
    if (item !== undefined) throw wrongType('positions', 'integer', item);
  }
  if (event.timestamp !== undefined && !Number.isInteger(event.timestamp)) throw wrongType('timestamp', 'integer', event.timestamp);

  const { eventName, eventType, index, userToken, authenticatedUserToken, queryID } = event as Partial<Record<(typeof STRING_FIELDS)[number], string>>;
  const objectIDs = event.objectIDs as string[] | undefined;
  const filters = event.filters as string[] | undefined;
  const positions = event.positions as number[] | undefined;
  const timestamp = event.timestamp as number | undefined;

  if (eventName === undefined || eventName === '') throw invalid('EventName is required');
  if (!/^[\x20-\x7E]{1,64}$/.test(eventName)) throw invalid('EventName must contain only visible ASCII characters, and be between 1 and 64 characters long');
  if (eventType === undefined || eventType === '') throw invalid('EventType is required');
  if (eventType !== 'click' && eventType !== 'conversion' && eventType !== 'view') throw invalid('EventType must be one of "click", "conversion" or "view"');
  if (index === undefined || index === '') throw invalid('The index field is required');
  if (userToken === undefined || userToken === '') throw invalid('The userToken field is required');
  for (const token of [userToken, authenticatedUserToken]) {
    if (token !== undefined && !/^[a-zA-Z0-9_=/+-]{1,128}$/.test(token)) {
      throw invalid('UserToken must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long');
    }
  }
  const hasObjects = objectIDs !== undefined && objectIDs.length > 0;
  const hasFilters = filters !== undefined && filters.length > 0;
  if (!hasObjects && !hasFilters) throw invalid('Event should specify either some ObjectIDs or some Filters');
  if (hasObjects && hasFilters) throw invalid('Event should specify ObjectIDs or Filters, but not both');
  if ((objectIDs?.length ?? 0) > MAX_ITEMS || (filters?.length ?? 0) > MAX_ITEMS) throw invalid(`Event should specify at most ${MAX_ITEMS} ObjectIDs or Filters`);
  if (positions !== undefined) {
    if (eventType !== 'click') throw invalid('Only event of type click should specify the positions attribute');
    if (queryID === undefined) throw invalid('Event of type click with positions should specify a queryID');
    if (positions.some((position) => position < 1)) throw invalid('Event of type click may only have strictly positive positions');
  }
  if (queryID !== undefined && !/^[0-9a-f]{32}$/.test(queryID)) throw invalid('Query ID must be a search query ID (32 characters hexadecimal string)');
  if (eventType === 'click' && queryID !== undefined && hasObjects && positions?.length !== objectIDs!.length) {
    throw invalid('Event of type click should have the same number of ObjectIDs and Positions');
  }
  if (timestamp !== undefined && timestamp < now - MAX_EVENT_AGE_MS) throw invalid('The timestamp must be at most 4 days in the past');

  return {
    eventType,
    eventName,
    index,
    userToken,
    ...(authenticatedUserToken !== undefined ? { authenticatedUserToken } : {}),
    ...(queryID !== undefined ? { queryID } : {}),
    ...(hasObjects ? { objectIDs } : {}),
    ...(hasFilters ? { filters } : {}),
    ...(positions !== undefined ? { positions } : {}),
    ...(timestamp !== undefined ? { timestamp } : {}),
  };
}

function wrongType(field: string, expected: string, value: unknown): InsightsError {
  return invalid(`Invalid type for field ${field}: expected ${expected}, got ${typeName(value)}`);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}
