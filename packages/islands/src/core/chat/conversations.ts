/**
 * Stored conversations of one assistant: one live list per window and key, so a modal and a
 * Sidepanel on the same page show the same history, and other tabs' changes show up too.
 */
import { getLocalStorage, type KeyValueStorage } from '../storage/safeStorage.js';
// Types only: the list's chunk (the modal's start screen loads it alone) carries none of the chat's environment code.
import type { ChatEnvironment } from './environment.js';
import type { ChatMessage, ConversationList, MessagePart, StoredConversation } from './types.js';

/** How many conversations are kept (as DocSearch keeps per index). */
export const CONVERSATIONS_LIMIT = 10;

const STORAGE_PREFIX = 'sitesearch:v1:conversations:';

/** Lists already created, per window, per key. Weak, so a closed iframe's lists go with it. */
const lists = new WeakMap<object, Map<string, ConversationList>>();
/** The environment used when none is given (tests and server rendering have no `window`). */
const defaultEnvironment: object = {};

export interface ConversationListOptions {
  /** The window whose `localStorage` and `storage` events are used (default the global one). */
  environment?: ChatEnvironment | undefined;
  /** Names the assistant and backend (see `conversationKeyFor`). */
  key: string;
  /** `false` keeps the list in memory only, for this page (`disableUserPersonalization`). Default `true`. */
  persist?: boolean | undefined;
}

/** The shared list for this window and key. */
export function getConversationList({ environment, key, persist = true }: ConversationListOptions): ConversationList {
  const owner: object = environment ?? (typeof globalThis === 'object' ? globalThis : defaultEnvironment);
  let byKey = lists.get(owner);
  if (!byKey) lists.set(owner, (byKey = new Map()));
  // Memory-only lists are shared too, but never with a persisted one of the same key.
  const listKey = persist ? key : `memory:${key}`;
  let list = byKey.get(listKey);
  if (!list) {
    const listEnvironment = persist ? (environment ?? (owner as ChatEnvironment)) : {};
    byKey.set(listKey, (list = createConversationList(listEnvironment, `${STORAGE_PREFIX}${key}`)));
  }
  return list;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const TOOL_STATES = new Set(['input-streaming', 'input-available', 'output-available', 'output-error']);

/** A part is kept when the fields the UI reads have their types (a string `text`, a `url`…). */
function sanitizePart(value: unknown): MessagePart | undefined {
  if (!isRecord(value) || typeof value.type !== 'string') return undefined;
  const { type } = value;
  if (type === 'text' || type === 'reasoning') return typeof value.text === 'string' ? (value as unknown as MessagePart) : undefined;
  if (type === 'source-url') return typeof value.url === 'string' && typeof value.sourceId === 'string' ? (value as unknown as MessagePart) : undefined;
  if (type.startsWith('tool-')) return typeof value.toolCallId === 'string' && TOOL_STATES.has(value.state as string) ? (value as unknown as MessagePart) : undefined;
  return value as unknown as MessagePart;
}

function sanitizeMeta(value: unknown): ChatMessage['meta'] {
  if (!isRecord(value)) return undefined;
  const meta: NonNullable<ChatMessage['meta']> = {};
  if (value.stopped === true) meta.stopped = true;
  if (value.feedback === 'like' || value.feedback === 'dislike') meta.feedback = value.feedback;
  if (typeof value.createdAt === 'number') meta.createdAt = value.createdAt;
  return Object.keys(meta).length > 0 ? meta : undefined;
}

function sanitizeMessage(value: unknown): ChatMessage | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || (value.role !== 'user' && value.role !== 'assistant') || !Array.isArray(value.parts)) return undefined;
  const parts = value.parts.map(sanitizePart).filter((part): part is MessagePart => part !== undefined);
  const message: ChatMessage = { id: value.id, role: value.role, parts };
  const meta = sanitizeMeta(value.meta);
  if (meta) message.meta = meta;
  return message;
}

/** A stored entry is kept only if it is whole enough to list and reopen (foreign data is skipped). */
export function sanitizeConversation(value: unknown): StoredConversation | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '' || typeof value.title !== 'string' || typeof value.updatedAt !== 'number' || !Array.isArray(value.messages)) {
    return undefined;
  }
  const messages = value.messages.map(sanitizeMessage).filter((message): message is ChatMessage => message !== undefined);
  if (messages.length === 0) return undefined;
  return { id: value.id, title: value.title, messages, updatedAt: value.updatedAt };
}

function parse(raw: string | null): StoredConversation[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const conversations: StoredConversation[] = [];
  for (const entry of parsed) {
    const conversation = sanitizeConversation(entry);
    if (!conversation || seen.has(conversation.id)) continue;
    seen.add(conversation.id);
    conversations.push(conversation);
  }
  return conversations.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, CONVERSATIONS_LIMIT);
}

function createConversationList(environment: ChatEnvironment, storageKey: string): ConversationList {
  const storage: KeyValueStorage | undefined = getLocalStorage(environment);
  const listeners = new Set<() => void>();
  let items = read();

  function read(): StoredConversation[] {
    try {
      return storage ? parse(storage.getItem(storageKey)) : [];
    } catch {
      return [];
    }
  }

  function notify() {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
  }

  function tryWrite(list: StoredConversation[]): boolean {
    if (!storage) return false;
    try {
      storage.setItem(storageKey, JSON.stringify(list));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Writes `next` (the saved conversation first). When the quota refuses it, the oldest ones go
   * until it fits; the saved one never goes: if even it alone does not fit, storage keeps what it
   * had and the list lives in memory for this page.
   */
  function commit(next: StoredConversation[], keepFirst: boolean) {
    let list = next.slice(0, CONVERSATIONS_LIMIT);
    if (storage) {
      let written = tryWrite(list);
      const minimum = keepFirst ? 1 : 0;
      while (!written && list.length > minimum) {
        list = list.slice(0, -1);
        written = tryWrite(list);
      }
      if (!written) list = next.slice(0, CONVERSATIONS_LIMIT);
    }
    items = list;
    notify();
  }

  // Other tabs write the same key: show their conversations too.
  environment.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key !== null && event.key !== storageKey) return;
    items = read();
    notify();
  });

  return {
    getAll: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    save(conversation) {
      commit([conversation, ...items.filter((existing) => existing.id !== conversation.id)], true);
    },
    remove(id) {
      if (!items.some((existing) => existing.id === id)) return;
      commit(
        items.filter((existing) => existing.id !== id),
        false,
      );
    },
  };
}
