/**
 * The write half of the provider's REST API that `sitesearch push` (through the full
 * `algoliasearch` client) uses: batch, settings, synonyms (`write-synonyms.ts`), copy/move, task
 * status, index deletion and browse. Pushed indices live in memory and are searched over the same engine as the local
 * index, rebuilt after each change. Paths, methods and bodies were read from the v5 client
 * (`@algolia/client-search`): `replaceAllObjects` copies the live index's settings to
 * `<name>_tmp_<n>`, batches records into it, waits for every task, copies the settings again
 * and moves the temporary index over the live one.
 *
 * With a store folder (`sitesearch serve <dir> --admin-key`), every change is also saved there
 * (see `pushed-store.ts`) and read back at the next start; a task is published only once the
 * change it stands for is on disk, so a client that waited for its tasks (as `push` does) knows
 * its index survives a restart.
 *
 * A push's temporary index (`<name>_tmp_<n>`, the client's name for it) is staging: it takes
 * writes and answers the write API (settings, browse, tasks), but search, the chat endpoints
 * and the list of pushed indices do not see it until a move publishes it under its live name,
 * so no reader meets a half-filled copy, as on the provider, where readers search the live name.
 *
 * Keys as on the provider: the admin key may write; the search key may only search
 * (403 "Method not allowed with this API key"); any other key or app id gets 403
 * "Invalid Application-ID or API key". Without an admin key nothing can write.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SearchEngine, type SearchEngineOptions } from '../engine/engine.js';
import { retrieve } from '../engine/hits.js';
import { memorySource } from '../engine/memory-source.js';
import type { DocRecord } from '../records.js';
import { HttpError, readBody, checkJsonContentType, sendJson } from './http.js';
import { buildPushedIndex, loadStore, saveToStore } from './pushed-store.js';
import * as synonymsApi from './write-synonyms.js';
import type { SynonymStore } from './write-synonyms.js';
import { WriteFaultInjector, type WriteFaultOptions } from './write-faults.js';

/** Largest write body, as the provider's batch limit: 10 MB. */
export const MAX_WRITE_BODY_BYTES = 10 * 1024 * 1024;
/** Largest record, as the provider's paid plans: 100 KB of JSON. */
export const MAX_RECORD_BYTES = 100_000;

export const INVALID_CREDENTIALS = 'Invalid Application-ID or API key';
/** What the provider answers a valid key that lacks the right (a search-only key writing). */
export const KEY_NOT_ALLOWED = 'Method not allowed with this API key';

export type WriteRoute =
  | { kind: 'index'; indexName: string }
  | { kind: 'batch'; indexName: string }
  | { kind: 'settings'; indexName: string }
  | { kind: 'operation'; indexName: string }
  | { kind: 'browse'; indexName: string }
  | { kind: 'task'; indexName: string; taskID: string }
  | { kind: 'synonyms-batch' | 'synonyms-search' | 'synonyms-clear'; indexName: string }
  | { kind: 'synonym'; indexName: string; objectID: string };

const METHODS: Record<WriteRoute['kind'], string[]> = {
  index: ['DELETE'],
  batch: ['POST'],
  settings: ['GET', 'PUT'],
  operation: ['POST'],
  browse: ['POST'],
  task: ['GET'],
  'synonyms-batch': ['POST'],
  'synonyms-search': ['POST'],
  'synonyms-clear': ['POST'],
  synonym: ['GET', 'PUT', 'DELETE'],
};

/** A write request as the server saw it, for tests: method, path without the query, status answered. */
export interface WriteRequestRecord {
  method: string;
  path: string;
  status?: number;
}

interface PushedIndex {
  records: Map<string, DocRecord>;
  /** The index's synonyms, by objectID: the engine honours them, a push sends them. */
  synonyms: SynonymStore;
  /** A push's temporary index, not yet moved into place: hidden from search, chat and `names()`. */
  staging: boolean;
  settings: Record<string, unknown>;
  /** Built on the first search after a change. */
  engine?: Promise<SearchEngine>;
  /** The records in order, for browsing page after page without copying the map each time. */
  list?: DocRecord[];
}

export interface WriteApiOptions {
  adminKey: string | undefined;
  credentials: { appId: string; apiKey: string } | false;
  /** Names served from files: read-only, never a write target. */
  readOnlyNames: readonly string[];
  faults?: WriteFaultOptions | null;
  engine?: SearchEngineOptions;
  /** Folder where pushed indices are saved after each change and read back by `open` (default: memory only). */
  storeDir?: string;
}

/** The name `replaceAllObjects` gives its temporary index: `<name>_tmp_<random number>`. */
const TEMPORARY_INDEX = /_tmp_\d+$/;

/** Matches the write paths; anything else is left to the search and chat routes. */
export function writeRoute(pathname: string, decode: (segment: string) => string): WriteRoute | undefined {
  const synonyms = /^\/1\/indexes\/([^/*]+)\/synonyms\/([^/]+)$/.exec(pathname);
  if (synonyms) {
    const indexName = decode(synonyms[1]!);
    const action = synonyms[2]!;
    if (action === 'batch' || action === 'search' || action === 'clear') return { kind: `synonyms-${action}`, indexName };
    return { kind: 'synonym', indexName, objectID: decode(action) };
  }
  const match = /^\/1\/indexes\/([^/*]+)(?:\/(batch|settings|operation|browse|task\/([^/]+)))?$/.exec(pathname);
  if (!match) return undefined;
  const indexName = decode(match[1]!);
  if (match[3] !== undefined) return { kind: 'task', indexName, taskID: decode(match[3]) };
  const kind = (match[2] ?? 'index') as Extract<WriteRoute, { kind: 'index' | 'batch' | 'settings' | 'operation' | 'browse' }>['kind'];
  return { kind, indexName };
}

export class WriteApi {
  readonly requests: WriteRequestRecord[] = [];
  readonly #indexes = new Map<string, PushedIndex>();
  /** `changes`: the change count when the task was made; it is published once that many are saved. */
  readonly #tasks = new Map<number, { pollsLeft: number; changes: number }>();
  readonly #faults: WriteFaultInjector;
  readonly #options: WriteApiOptions;
  #lastTaskID = 0;
  /** Changes made so far, and how many of them are on disk (see `#save`). */
  #changes = 0;
  #savedChanges = 0;
  /** Names changed since their last save. */
  readonly #unsaved = new Set<string>();
  #saving: Promise<void> | undefined;
  /** Why the last save failed, until one succeeds: the tasks waiting for it answer with it. */
  #saveError: Error | undefined;

  constructor(options: WriteApiOptions) {
    this.#options = options;
    this.#faults = new WriteFaultInjector(options.faults);
  }

  /** Reads the indices saved in the store folder, if any (creating the folder). */
  async open(): Promise<void> {
    const { storeDir } = this.#options;
    if (storeDir === undefined) return;
    let stored;
    try {
      stored = await loadStore(storeDir);
    } catch (error) {
      throw new Error(`pushed indices in ${storeDir} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    for (const [name, { records, settings, synonyms }] of stored) {
      // A temporary index saved before a crash stays staging: its push never published it.
      this.#indexes.set(name, {
        records: new Map(records.map((record) => [record.objectID, record])),
        settings,
        synonyms: new Map(synonyms.map((hit) => [hit.objectID, hit])),
        staging: TEMPORARY_INDEX.test(name),
      });
    }
  }

  /** Waits until every change so far is saved (or its save failed). */
  async flush(): Promise<void> {
    while (this.#saving) await this.#saving;
  }

  setFaults(faults: WriteFaultOptions | null): void {
    this.#faults.set(faults);
  }

  /** Names of the published pushed indices (a push's temporary index is not one until moved). */
  names(): string[] {
    return [...this.#indexes].filter(([, index]) => !index.staging).map(([name]) => name);
  }

  /** The keys that may search: the admin key can do everything the search key can. */
  isAdminKey(apiKey: unknown): boolean {
    return this.#options.adminKey !== undefined && apiKey === this.#options.adminKey;
  }

  /** The engine of a published pushed index, built from its records on the first search after a change. */
  engine(indexName: string): Promise<SearchEngine> | undefined {
    const index = this.#indexes.get(indexName);
    if (!index || index.staging) return undefined;
    if (!index.engine) {
      const building = this.#buildEngine(index);
      index.engine = building;
      // A failed build is not kept: the next search tries again (or a write replaces the records).
      building.catch(() => {
        if (index.engine === building) index.engine = undefined;
      });
    }
    return index.engine;
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL, target: WriteRoute): Promise<void> {
    const record: WriteRequestRecord = { method: request.method ?? '', path: url.pathname };
    this.requests.push(record);
    if (this.requests.length > 1000) this.requests.splice(0, this.requests.length - 1000);
    response.once('close', () => (record.status = response.headersSent ? response.statusCode : undefined));

    const allowed = METHODS[target.kind];
    if (!allowed.includes(request.method ?? '')) {
      throw new HttpError(405, `method ${request.method} not allowed on ${url.pathname}; use ${allowed.join(' or ')}`, { Allow: `${allowed.join(', ')}, OPTIONS` });
    }
    this.#authorize(request, url);
    if (this.#faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#faults.latencyMs));
    const reads = target.kind === 'task' || target.kind === 'browse' || target.kind === 'synonyms-search' || ((target.kind === 'settings' || target.kind === 'synonym') && request.method === 'GET');
    if (!reads) {
      this.#checkWritable(target.indexName);
    }
    switch (target.kind) {
      case 'batch':
        return this.#batch(request, response, target.indexName);
      case 'settings':
        return request.method === 'GET' ? this.#getSettings(response, target.indexName) : this.#setSettings(request, response, target.indexName);
      case 'operation':
        return this.#operation(request, response, target.indexName);
      case 'browse':
        return this.#browse(request, response, target.indexName);
      case 'task':
        return this.#task(response, target.taskID);
      case 'synonyms-batch':
      case 'synonyms-search':
      case 'synonyms-clear':
      case 'synonym':
        return this.#synonyms(request, response, url, target);
      case 'index':
        this.#indexes.delete(target.indexName);
        this.#touch(target.indexName);
        return sendJson(response, 200, { taskID: this.#newTask(), deletedAt: new Date().toISOString() });
    }
  }

  #authorize(request: IncomingMessage, url: URL): void {
    const appId = request.headers['x-algolia-application-id'] ?? url.searchParams.get('x-algolia-application-id');
    const apiKey = request.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key');
    const { credentials, adminKey } = this.#options;
    if (credentials && appId !== credentials.appId) throw new HttpError(403, INVALID_CREDENTIALS);
    if (adminKey !== undefined && apiKey === adminKey) return;
    // The search key (any key, when the server checks none) is valid but may not write.
    if (!credentials || apiKey === credentials.apiKey) throw new HttpError(403, KEY_NOT_ALLOWED);
    throw new HttpError(403, INVALID_CREDENTIALS);
  }

  #checkWritable(indexName: string): void {
    if (this.#options.readOnlyNames.includes(indexName)) {
      throw new HttpError(403, `Index "${indexName}" is served read-only from files by this server; push to another index name`);
    }
  }

  async #readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    checkJsonContentType(request);
    const text = (await readBody(request, MAX_WRITE_BODY_BYTES)).toString('utf8');
    if (text.trim() === '') return {};
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new HttpError(400, `request body is not valid JSON: ${(error as Error).message}`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'request body must be a JSON object');
    return body as Record<string, unknown>;
  }

  #index(indexName: string): PushedIndex {
    let index = this.#indexes.get(indexName);
    if (!index) {
      index = { records: new Map(), settings: {}, synonyms: new Map(), staging: TEMPORARY_INDEX.test(indexName) };
      this.#indexes.set(indexName, index);
    }
    return index;
  }

  #existing(indexName: string): PushedIndex {
    const index = this.#indexes.get(indexName);
    if (!index) throw new HttpError(404, 'Index does not exist');
    return index;
  }

  #newTask(): number {
    this.#lastTaskID++;
    this.#tasks.set(this.#lastTaskID, { pollsLeft: this.#faults.taskPolls, changes: this.#changes });
    return this.#lastTaskID;
  }

  /** The index's records or settings changed: its engine and browse list are stale, and it is unsaved. */
  #changed(indexName: string, index: PushedIndex): void {
    index.engine = undefined;
    index.list = undefined;
    this.#touch(indexName);
  }

  /** Marks the names unsaved (changed, created or deleted) and starts saving them. */
  #touch(...indexNames: string[]): void {
    if (this.#options.storeDir === undefined) return;
    this.#changes++;
    for (const name of indexNames) this.#unsaved.add(name);
    this.#saving ??= this.#save(this.#options.storeDir);
  }

  /**
   * Saves the unsaved names one after the other, each as it is when its turn comes (a later
   * change is saved with it, and saved again in the next round): a push of many batches writes
   * the index a few times, not once per batch. The store is written by this loop only.
   */
  async #save(storeDir: string): Promise<void> {
    try {
      while (this.#unsaved.size > 0) {
        const changes = this.#changes;
        const names = [...this.#unsaved];
        this.#unsaved.clear();
        try {
          for (const name of names) {
            const index = this.#indexes.get(name);
            await saveToStore(storeDir, name, index && { records: [...index.records.values()], settings: structuredClone(index.settings), synonyms: [...index.synonyms.values()] });
          }
        } catch (error) {
          // Kept unsaved: the next change tries again; the tasks waiting meanwhile report the failure.
          for (const name of names) this.#unsaved.add(name);
          this.#saveError = new Error(`cannot save pushed indices in ${storeDir}: ${(error as Error).message}`, { cause: error });
          return;
        }
        this.#savedChanges = changes;
        this.#saveError = undefined;
      }
    } finally {
      // In the same turn as the loop's last check (no await between): a change made after it
      // finds no loop running and starts one.
      this.#saving = undefined;
    }
  }

  async #batch(request: IncomingMessage, response: ServerResponse, indexName: string): Promise<void> {
    const body = await this.#readJson(request);
    const injected = this.#faults.nextBatch();
    if (injected !== undefined) throw new HttpError(injected, `injected fault: status ${injected}`);
    const { requests } = body;
    if (!Array.isArray(requests)) throw new HttpError(400, 'batch body needs "requests", an array of { action, body }');
    // Every operation is checked before any applies: a refused batch changes nothing.
    const operations = requests.map((operation: unknown, position) => checkOperation(operation, position));
    const index = this.#index(indexName);
    const objectIDs: string[] = [];
    for (const { action, body: object } of operations) {
      if (action === 'clear') {
        index.records.clear();
        continue;
      }
      const objectID = object.objectID as string;
      objectIDs.push(objectID);
      if (action === 'deleteObject') index.records.delete(objectID);
      else if (action === 'partialUpdateObject' || action === 'partialUpdateObjectNoCreate') {
        const current = index.records.get(objectID);
        if (current) index.records.set(objectID, { ...current, ...object } as DocRecord);
        else if (action === 'partialUpdateObject') index.records.set(objectID, object as DocRecord);
      } else index.records.set(objectID, object as DocRecord);
    }
    this.#changed(indexName, index);
    sendJson(response, 200, { taskID: this.#newTask(), objectIDs });
  }

  #getSettings(response: ServerResponse, indexName: string): void {
    sendJson(response, 200, this.#existing(indexName).settings);
  }

  async #setSettings(request: IncomingMessage, response: ServerResponse, indexName: string): Promise<void> {
    const body = await this.#readJson(request);
    const index = this.#index(indexName);
    // Like the provider, a partial update: only the settings sent change.
    Object.assign(index.settings, body);
    this.#changed(indexName, index);
    sendJson(response, 200, { taskID: this.#newTask(), updatedAt: new Date().toISOString() });
  }

  async #operation(request: IncomingMessage, response: ServerResponse, indexName: string): Promise<void> {
    const { operation, destination, scope } = await this.#readJson(request);
    if (operation !== 'copy' && operation !== 'move') throw new HttpError(400, `operation must be "copy" or "move", got ${JSON.stringify(operation)}`);
    if (typeof destination !== 'string' || destination === '') throw new HttpError(400, 'operation needs "destination", the name of an index');
    if (scope !== undefined && !(Array.isArray(scope) && scope.every((s) => s === 'settings' || s === 'rules' || s === 'synonyms'))) {
      throw new HttpError(400, 'scope must be a list of "settings", "rules", "synonyms"');
    }
    this.#checkWritable(destination);
    const source = this.#indexes.get(indexName);
    if (operation === 'move') {
      if (!source) throw new HttpError(404, 'Index does not exist');
      this.#indexes.delete(indexName);
      // Moved into place: published under its new name, whatever name it was staged under.
      source.staging = false;
      this.#indexes.set(destination, source);
      this.#changed(destination, source);
      this.#touch(indexName);
    } else if (source) {
      if (scope === undefined) {
        this.#indexes.set(destination, {
          records: new Map(source.records),
          settings: structuredClone(source.settings),
          synonyms: new Map(source.synonyms),
          staging: TEMPORARY_INDEX.test(destination),
        });
        this.#touch(destination);
      } else if (scope.includes('settings') || scope.includes('synonyms')) {
        // A scoped copy keeps the destination's records (rules are not kept here).
        const target = this.#index(destination);
        if (scope.includes('settings')) target.settings = structuredClone(source.settings);
        if (scope.includes('synonyms')) target.synonyms = new Map(source.synonyms);
        this.#changed(destination, target);
      }
    }
    // Copying an index that does not exist changes nothing, so a first replaceAllObjects works.
    sendJson(response, 200, { taskID: this.#newTask(), updatedAt: new Date().toISOString() });
  }

  async #browse(request: IncomingMessage, response: ServerResponse, indexName: string): Promise<void> {
    const body = await this.#readJson(request);
    const index = this.#existing(indexName);
    const hitsPerPage = body.hitsPerPage === undefined ? 1000 : Number(body.hitsPerPage);
    if (!Number.isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > 1000) throw new HttpError(400, 'hitsPerPage must be an integer from 1 to 1000');
    const start = body.cursor === undefined ? 0 : Number(Buffer.from(String(body.cursor), 'base64url').toString('utf8'));
    if (!Number.isInteger(start) || start < 0) throw new HttpError(400, 'cursor is not valid');
    const attributes = Array.isArray(body.attributesToRetrieve) ? (body.attributesToRetrieve as string[]) : ['*'];
    const all = (index.list ??= [...index.records.values()]);
    const hits = all.slice(start, start + hitsPerPage).map((record) => retrieve(record, attributes));
    const next = start + hitsPerPage;
    sendJson(response, 200, {
      hits,
      nbHits: all.length,
      page: Math.floor(start / hitsPerPage),
      nbPages: Math.ceil(all.length / hitsPerPage),
      hitsPerPage,
      processingTimeMS: 0,
      query: '',
      params: '',
      ...(next < all.length ? { cursor: Buffer.from(String(next), 'utf8').toString('base64url') } : {}),
    });
  }

  async #synonyms(request: IncomingMessage, response: ServerResponse, url: URL, target: Extract<WriteRoute, { kind: `synonym${string}` }>): Promise<void> {
    const { indexName } = target;
    if (target.kind === 'synonyms-search') {
      const body = await this.#readJson(request);
      return sendJson(response, 200, synonymsApi.search(this.#existing(indexName).synonyms, body));
    }
    if (target.kind === 'synonym' && request.method === 'GET') return sendJson(response, 200, synonymsApi.getOne(this.#existing(indexName).synonyms, target.objectID));
    // Saves work on a copy, put in place once checked: a refused request changes nothing and
    // makes no index.
    const current = this.#indexes.get(indexName)?.synonyms ?? new Map();
    const next: SynonymStore = new Map(current);
    let outcome: synonymsApi.SynonymOutcome;
    if (target.kind === 'synonyms-batch') {
      outcome = synonymsApi.saveBatch(next, await this.#readJsonArray(request), url.searchParams.get('replaceExistingSynonyms') === 'true');
    } else if (target.kind === 'synonyms-clear') {
      outcome = synonymsApi.clear(next);
    } else if (request.method === 'PUT') {
      outcome = synonymsApi.saveOne(next, (target as { objectID: string }).objectID, await this.#readJson(request));
    } else {
      outcome = synonymsApi.deleteOne(next, (target as { objectID: string }).objectID);
    }
    const index = this.#index(indexName);
    index.synonyms = next;
    if (outcome.changed) this.#changed(indexName, index);
    sendJson(response, 200, { taskID: this.#newTask(), ...outcome.answer });
  }

  /** A JSON body that is an array (a synonyms batch), with the same limits as the others. */
  async #readJsonArray(request: IncomingMessage): Promise<unknown[]> {
    checkJsonContentType(request);
    const text = (await readBody(request, MAX_WRITE_BODY_BYTES)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new HttpError(400, `request body is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(body)) throw new HttpError(400, 'request body must be a JSON array of synonyms');
    return body;
  }

  #task(response: ServerResponse, taskID: string): void {
    const task = this.#tasks.get(Number(taskID));
    if (!task) throw new HttpError(404, 'Task does not exist');
    if (this.#savedChanges < task.changes) {
      if (this.#saveError) throw new HttpError(500, this.#saveError.message);
      return sendJson(response, 200, { status: 'notPublished', pendingTask: true });
    }
    if (task.pollsLeft > 0) {
      task.pollsLeft--;
      return sendJson(response, 200, { status: 'notPublished', pendingTask: true });
    }
    sendJson(response, 200, { status: 'published', pendingTask: false });
  }

  async #buildEngine(index: PushedIndex): Promise<SearchEngine> {
    // Built as the store writes it, so a restarted server answers as this one did.
    const built = buildPushedIndex({ records: [...index.records.values()], settings: index.settings, synonyms: [...index.synonyms.values()] });
    const engine = new SearchEngine(memorySource(built), this.#options.engine);
    await engine.warm();
    return engine;
  }
}

const ACTIONS = new Set(['addObject', 'updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject', 'clear']);

function checkOperation(operation: unknown, position: number): { action: string; body: Record<string, unknown> } {
  if (!operation || typeof operation !== 'object') throw new HttpError(400, `requests[${position}] must be an object { action, body }`);
  const { action, body } = operation as { action?: unknown; body?: unknown };
  if (typeof action !== 'string' || !ACTIONS.has(action)) {
    throw new HttpError(400, `requests[${position}]: unsupported action ${JSON.stringify(action)}; this server knows ${[...ACTIONS].join(', ')}`);
  }
  if (action === 'clear') return { action, body: {} };
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, `requests[${position}]: "body" must be an object`);
  const object = body as Record<string, unknown>;
  if (typeof object.objectID !== 'string' || object.objectID === '') {
    throw new HttpError(400, `requests[${position}]: the record has no objectID (this server does not generate them)`);
  }
  const size = Buffer.byteLength(JSON.stringify(object));
  if (size > MAX_RECORD_BYTES) {
    throw new HttpError(400, `Record at the position ${position} objectID=${object.objectID} is too big size=${size}/${MAX_RECORD_BYTES} bytes`);
  }
  return { action, body: object };
}
