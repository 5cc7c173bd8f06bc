import { checkBoolean, checkPlainObject, checkString, checkStringArray, isPlainObject, type OptionPath } from './checks.js';
import { invalidOption, optionError, unknownOption, type WidgetName } from './errors.js';
import type { AgentStudioSearchParameters, AskAiSearchParameters } from './types.js';

/** The assistant configuration with every fallback applied. */
export interface ResolvedAskAi {
  assistantId: string;
  appId: string | undefined;
  apiKey: string | undefined;
  indexName: string | undefined;
  /** `true` when the agent backend answers. */
  agentStudio: boolean;
  suggestedQuestions: boolean;
  /** Flat parameters (assistant backend) or parameters keyed by index name (agent backend). */
  searchParameters: AskAiSearchParameters | AgentStudioSearchParameters | undefined;
  /** SiteSearch addition: the chat backend's base URL (no trailing slash), replacing the hosted default. */
  baseUrl: string | undefined;
}

const ASSISTANT_KEYS = ['facetFilters', 'filters', 'attributesToRetrieve', 'restrictSearchableAttributes', 'distinct'] as const;
const AGENT_KEYS = ['filters', 'attributesToRetrieve', 'restrictSearchableAttributes', 'distinct'] as const;

const ASSISTANT_SHAPE = `a flat object with the keys ${ASSISTANT_KEYS.join(', ')}`;
const AGENT_SHAPE = `an object keyed by index name whose values have the keys ${AGENT_KEYS.join(', ')}`;
const ASSISTANT_BACKEND = 'the assistant backend ("agentStudio" omitted or false)';
const AGENT_BACKEND = 'the agent backend ("agentStudio: true")';

/**
 * Checks assistant search parameters against the shape the chosen backend expects. The two shapes
 * are easy to mix up (a flat object vs one keyed by index name), so a mismatch says which backend
 * expects which shape instead of failing later at the network.
 */
export function resolveAskAiSearchParameters(
  at: OptionPath,
  value: unknown,
  agentStudio: boolean,
): AskAiSearchParameters | AgentStudioSearchParameters | undefined {
  if (value === undefined) return undefined;
  const object = checkPlainObject(at, value, agentStudio ? `${AGENT_SHAPE} (${AGENT_BACKEND})` : `${ASSISTANT_SHAPE} (${ASSISTANT_BACKEND})`);
  if (!agentStudio) {
    for (const [key, entry] of Object.entries(object)) {
      if (isPlainObject(entry)) {
        throw optionError(
          at.widget,
          `option "${at.path}.${key}" holds an object, which is the shape of ${AGENT_BACKEND} (keyed by index name). ${capitalize(ASSISTANT_BACKEND)} expects ${ASSISTANT_SHAPE}.`,
        );
      }
      checkAssistantKey({ widget: at.widget, path: `${at.path}.${key}` }, key, entry, ASSISTANT_KEYS, ASSISTANT_BACKEND);
    }
    return object as AskAiSearchParameters;
  }
  for (const [indexName, entry] of Object.entries(object)) {
    const entryAt = { widget: at.widget, path: `${at.path}.${indexName}` };
    if (!isPlainObject(entry)) {
      const flatHint = (ASSISTANT_KEYS as readonly string[]).includes(indexName)
        ? ` "${indexName}" looks like a flat parameter, but ${AGENT_BACKEND} expects ${AGENT_SHAPE}, e.g. { "my_index": { "${indexName}": … } }.`
        : '';
      if (flatHint) throw optionError(at.widget, `option "${entryAt.path}" is not an object.${flatHint}`);
      throw invalidOption(at.widget, entryAt.path, entry, `an object of search parameters for index "${indexName}" (${AGENT_BACKEND} expects ${AGENT_SHAPE})`);
    }
    for (const [key, parameter] of Object.entries(entry)) {
      if (key === 'facetFilters') {
        throw optionError(
          at.widget,
          `option "${entryAt.path}.facetFilters" is not supported by ${AGENT_BACKEND}; use "filters" instead (the keys it accepts are ${AGENT_KEYS.join(', ')}).`,
        );
      }
      checkAssistantKey({ widget: at.widget, path: `${entryAt.path}.${key}` }, key, parameter, AGENT_KEYS, AGENT_BACKEND);
    }
  }
  return object as AgentStudioSearchParameters;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function checkAssistantKey(at: OptionPath, key: string, value: unknown, allowed: readonly string[], backend: string): void {
  switch (key) {
    case 'facetFilters':
    case 'attributesToRetrieve':
    case 'restrictSearchableAttributes':
      checkStringArray(at, value);
      return;
    case 'filters':
      checkString(at, value, { allowEmpty: true });
      return;
    case 'distinct':
      if (typeof value !== 'boolean' && typeof value !== 'number' && typeof value !== 'string') {
        throw invalidOption(at.widget, at.path, value, 'a boolean, a number or a string');
      }
      return;
    default:
      throw optionError(at.widget, `option "${at.path}" is not supported by ${backend}; the supported keys are ${allowed.join(', ')}.`);
  }
}

const ASK_AI_KEYS = ['indexName', 'apiKey', 'appId', 'assistantId', 'searchParameters', 'suggestedQuestions', 'agentStudio', 'baseUrl'];

/**
 * Checks `askAi.baseUrl` (or the Sidepanel's `baseUrl`, named by `path`): an absolute http(s) URL, since it replaces a hosted backend's origin
 * (the loopback server, a proxy, a gateway). Trailing slashes are dropped so paths join cleanly.
 */
export function resolveAskAiBaseUrl(widget: WidgetName, value: unknown, path = 'askAi.baseUrl'): string | undefined {
  if (value === undefined) return undefined;
  const accepts = 'an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"';
  if (typeof value !== 'string' || value.trim() === '') throw invalidOption(widget, path, value, accepts);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalidOption(widget, path, value, accepts);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidOption(widget, path, value, accepts);
  if (url.search !== '' || url.hash !== '') throw optionError(widget, `option "${path}" must not have a query or a fragment (paths are added to it); received ${JSON.stringify(value)}.`);
  return value.trim().replace(/\/+$/, '');
}

/**
 * Resolves `askAi`: a string is the assistant ID; an object may bring its own credentials and
 * index, which otherwise fall back to the top-level ones.
 */
export function resolveAskAi(
  widget: WidgetName,
  value: unknown,
  fallback: { appId?: string; apiKey?: string; indexName?: string },
): ResolvedAskAi | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    return {
      assistantId: checkString({ widget, path: 'askAi' }, value),
      appId: fallback.appId,
      apiKey: fallback.apiKey,
      indexName: fallback.indexName,
      agentStudio: false,
      suggestedQuestions: false,
      searchParameters: undefined,
      baseUrl: undefined,
    };
  }
  const object = checkPlainObject({ widget, path: 'askAi' }, value, 'an assistant ID (string) or an object with "assistantId"');
  for (const key of Object.keys(object)) {
    if (!ASK_AI_KEYS.includes(key)) throw unknownOption(widget, `askAi.${key}`, ASK_AI_KEYS, 'the askAi object');
  }
  if (object.assistantId === undefined) throw optionError(widget, 'option "askAi.assistantId" is required when "askAi" is an object.');
  const optionalString = (key: 'appId' | 'apiKey' | 'indexName') =>
    object[key] === undefined ? fallback[key] : checkString({ widget, path: `askAi.${key}` }, object[key]);
  const agentStudio = object.agentStudio === undefined ? false : checkBoolean({ widget, path: 'askAi.agentStudio' }, object.agentStudio);
  return {
    assistantId: checkString({ widget, path: 'askAi.assistantId' }, object.assistantId),
    appId: optionalString('appId'),
    apiKey: optionalString('apiKey'),
    indexName: optionalString('indexName'),
    agentStudio,
    suggestedQuestions: object.suggestedQuestions === undefined ? false : checkBoolean({ widget, path: 'askAi.suggestedQuestions' }, object.suggestedQuestions),
    searchParameters: resolveAskAiSearchParameters({ widget, path: 'askAi.searchParameters' }, object.searchParameters, agentStudio),
    baseUrl: resolveAskAiBaseUrl(widget, object.baseUrl),
  };
}
