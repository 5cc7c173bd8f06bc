/**
 * `sitesearch push`: the built site → the same records as the local index → the hosted
 * provider, with the full `algoliasearch` client. The upload is the client's atomic replace
 * (`replaceAllObjects`: a temporary index moved over the live one when complete), so visitors
 * never see a half-filled index and a failed upload leaves the live index as it was.
 * `--incremental` sends only records whose `contentHash` changed and deletes those of pages
 * that are gone, in place (no temporary index).
 *
 * With `synonyms`, they replace the index's synonyms in the same step: saved into the temporary
 * index before it is moved over the live one (so readers get the new records and the new
 * synonyms at once, or neither), in place with `--incremental`. Without, the index keeps the
 * synonyms it has (set in the provider's dashboard, say), as `replaceAllObjects` copies them.
 */
import { algoliasearch } from 'algoliasearch';
import type { SynonymHit } from '../engine/synonyms.js';
import { indexSite, IndexerError, type IndexedSite, type IndexSiteOptions, type SkippedPage } from '../indexer/site.js';
import { batchRange, chooseBatchSize } from './batches.js';
import { formatBytes, UploadProgress, type ProgressOutput } from './progress.js';
import { recordBytes, toPushRecords, type PushRecord } from './records.js';
import { pushSettings, settingsDiffer, type PushSettings } from './settings.js';
import { retryingRequester, type Requester, type RetryOptions, type TransportStats } from './transport.js';

/** The environment variable the write key is read from (never a flag: flags end up in shell history and CI logs). */
export const ADMIN_KEY_VARIABLE = 'SITESEARCH_ADMIN_API_KEY';

export interface PushOptions extends IndexSiteOptions {
  appId: string;
  indexName: string;
  /** The write key (the CLI reads it from `SITESEARCH_ADMIN_API_KEY`). Not needed for a dry run. */
  apiKey?: string;
  /** Send every request to this URL (`http://127.0.0.1:8787`) instead of the provider's hosts. */
  host?: string;
  /** Print the settings, record count and bytes; send nothing. */
  dryRun?: boolean;
  /** Upload only changed records and delete those of removed pages, in place. */
  incremental?: boolean;
  retry?: RetryOptions;
  /** Where progress and the summary go (default stdout; a bar on a terminal unless `CI` is set). */
  output?: ProgressOutput;
  /** The site's synonyms (checked, `validateSynonyms`): they replace the index's, with the records. */
  synonyms?: readonly SynonymHit[];
}

export interface PushReport {
  mode: 'dry-run' | 'replace' | 'incremental';
  pages: number;
  records: number;
  bytes: number;
  batchSize: number;
  skipped: SkippedPage[];
  settings: PushSettings;
  settingsChanged: boolean;
  /** Records sent (all of them for a replace). */
  uploaded: number;
  deleted: number;
  unchanged: number;
  batches: number;
  retries: number;
  durationMs: number;
}

/** A push that could not start or did not finish; the message says what, where and what state the index is in. */
export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushError';
  }
}

type Phase = 'settings' | 'browse' | 'upload' | 'delete' | 'synonyms';

export async function pushSite(options: PushOptions): Promise<PushReport> {
  const started = performance.now();
  checkPushOptions(options);
  const site = await indexSite(options).catch((error: unknown) => {
    throw error instanceof IndexerError ? new PushError(`${error.message}; nothing was sent`) : error;
  });
  return pushRecords(site, { ...options, source: options.dir }, started);
}

/** What `pushRecords` needs: the push options without the site folder. */
export interface PushRecordsOptions extends Omit<PushOptions, keyof IndexSiteOptions> {
  /** What the records come from, for messages ("dist", "the crawl of https://…"). */
  source: string;
  /** Settings to add to the pushed ones (a docsearch config's `custom_settings`); they win. */
  extraSettings?: Record<string, unknown>;
}

/** Throws the `PushError` a push with these options would throw before sending anything (no key, a bad --host). */
export function checkPushOptions(options: Pick<PushOptions, 'appId' | 'indexName' | 'host' | 'dryRun' | 'apiKey'>): void {
  if (typeof options.appId !== 'string' || options.appId.trim() === '') throw new PushError('--app-id is required: the application ID of the search provider');
  if (typeof options.indexName !== 'string' || options.indexName.trim() === '') throw new PushError('--index is required: the name of the index to push to');
  if (options.host !== undefined) parseHost(options.host);
  if (!options.dryRun && !options.apiKey) {
    throw new PushError(`no write key: set ${ADMIN_KEY_VARIABLE} to the provider's admin API key (or a key with the addObject, deleteObject, deleteIndex, settings, editSettings and browse rights); nothing was sent`);
  }
}

/**
 * Uploads records made by the indexer (from a folder, or from a crawl) as `sitesearch push`
 * does: atomic replace, or `incremental`.
 */
export async function pushRecords(site: Omit<IndexedSite, 'languages'> & { languages?: IndexedSite['languages'] }, options: PushRecordsOptions, started = performance.now()): Promise<PushReport> {
  const output = options.output ?? { write: (text: string) => void process.stdout.write(text), isTTY: Boolean(process.stdout.isTTY) && !process.env.CI };
  checkPushOptions(options);
  const hosts = options.host === undefined ? undefined : parseHost(options.host);
  for (const page of site.skipped) output.write(`  skipped ${page.file}: ${page.reason}\n`);
  const unreadable = site.skipped.filter((page) => /^(unreadable|not text)/.test(page.reason));
  if (unreadable.length > 0) {
    throw new PushError(
      `${unreadable.length} page${unreadable.length === 1 ? '' : 's'} cannot be read (${unreadable.map((page) => `${page.file}: ${page.reason}`).join('; ')}); fix or exclude ${unreadable.length === 1 ? 'it' : 'them'} (--exclude); nothing was sent`,
    );
  }
  if (site.pages === 0 || site.records.length === 0) {
    throw new PushError(`no pages to push in ${options.source}: every page was skipped or has no text; nothing was sent`);
  }

  const records = toPushRecords(site.records);
  const sizes = records.map(recordBytes);
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  const batchSize = chooseBatchSize(sizes);
  const settings = { ...pushSettings(records, site.languages), ...(options.extraSettings ?? {}) } as PushSettings;
  const report: PushReport = {
    mode: options.dryRun ? 'dry-run' : options.incremental ? 'incremental' : 'replace',
    pages: site.pages,
    records: records.length,
    bytes,
    batchSize,
    skipped: site.skipped,
    settings,
    settingsChanged: false,
    uploaded: 0,
    deleted: 0,
    unchanged: 0,
    batches: 0,
    retries: 0,
    durationMs: 0,
  };
  const target = `index "${options.indexName}" of app "${options.appId}"${options.host ? ` at ${options.host}` : ''}`;

  if (options.dryRun) {
    output.write(
      `Dry run: nothing was sent to ${target}\n` +
        `${site.pages} pages → ${records.length} records, ${formatBytes(bytes)}, in ${plural(Math.ceil(records.length / batchSize), 'batch', 'batches')} of up to ${batchSize} records\n` +
        // Plans cap a record's size (10 KB on the smallest): the largest one says whether this site fits.
        `Largest record: ${formatBytes(sizes.reduce((max, size) => Math.max(max, size), 0))}\n` +
        (options.synonyms ? `Synonyms: ${options.synonyms.length}, replacing the index's\n` : '') +
        `Settings:\n${JSON.stringify(settings, null, 2)}\n`,
    );
    report.durationMs = performance.now() - started;
    return report;
  }

  let phase: Phase = 'settings';
  let progress: UploadProgress | undefined;
  let uploadBatchSize = batchSize;
  let uploadTotal = records.length;
  // Sizes of the records being uploaded, in order: progress counts record bytes, as its total
  // does (the batch request's own bytes also hold its envelope, and would end above 100%).
  let uploadSizes: readonly number[] = sizes;
  const base = algoliasearch(options.appId, options.apiKey!).transporter.requester as unknown as Requester;
  const { requester, stats } = retryingRequester(base, options.retry, {
    onBatchDone: (event) => {
      if (phase !== 'upload') return;
      const [first, last] = batchRange(event.batch, uploadBatchSize, uploadTotal);
      progress?.batchDone(event.batch, last - first + 1, sum(uploadSizes.slice(first - 1, last)));
    },
    onRetry: ({ status, attempt, waitMs }) =>
      (progress ?? new UploadProgress(output, { records: 0, bytes: 0, batches: 0 })).line(
        `  ${status === 0 ? 'connection failed' : `HTTP ${status}`}: retry ${attempt} in ${(waitMs / 1000).toFixed(1)} s`,
      ),
  });
  const client = algoliasearch(options.appId, options.apiKey!, {
    requester: requester as never,
    ...(hosts ? { hosts } : {}),
  });
  const failure = (error: unknown): PushError => explain(error, { phase, stats, target, indexName: options.indexName, batchSize: uploadBatchSize, total: uploadTotal, incremental: report.mode === 'incremental', hostGiven: hosts !== undefined });

  try {
    const current = await client.getSettings({ indexName: options.indexName }).catch((error: unknown) => {
      if (statusOf(error) === 404) return null;
      throw error;
    });
    if (settingsDiffer(settings, current as Record<string, unknown> | null)) {
      const { taskID } = await client.setSettings({ indexName: options.indexName, indexSettings: settings as never });
      await client.waitForTask({ indexName: options.indexName, taskID });
      report.settingsChanged = true;
    }

    let existing: Map<string, string> | null = null;
    if (options.incremental) {
      phase = 'browse';
      existing = await existingHashes(client, options.indexName);
      // A record without a hash was not pushed by this command: replacing is the safe way.
      if (existing === null) output.write(`${target} has no records from an earlier push: pushing everything (atomic replace)\n`);
    }

    if (existing) {
      const changed = records.filter((record) => existing.get(record.objectID) !== record.contentHash);
      const current = new Set(records.map((record) => record.objectID));
      const gone = [...existing.keys()].filter((objectID) => !current.has(objectID));
      const changedSizes = changed.map(recordBytes);
      uploadBatchSize = chooseBatchSize(changedSizes);
      uploadTotal = changed.length;
      uploadSizes = changedSizes;
      report.unchanged = records.length - changed.length;
      if (changed.length > 0) {
        phase = 'upload';
        progress = new UploadProgress(output, { records: changed.length, bytes: sum(changedSizes), batches: Math.ceil(changed.length / uploadBatchSize) });
        await client.saveObjects({ indexName: options.indexName, objects: changed, batchSize: uploadBatchSize, waitForTasks: true });
        progress.end();
      }
      if (gone.length > 0) {
        phase = 'delete';
        await client.deleteObjects({ indexName: options.indexName, objectIDs: gone, waitForTasks: true });
      }
      if (options.synonyms) {
        phase = 'synonyms';
        const { taskID } = await client.saveSynonyms({ indexName: options.indexName, synonymHit: [...options.synonyms], replaceExistingSynonyms: true });
        await client.waitForTask({ indexName: options.indexName, taskID });
      }
      report.uploaded = changed.length;
      report.deleted = gone.length;
    } else {
      report.mode = 'replace';
      phase = 'upload';
      progress = new UploadProgress(output, { records: records.length, bytes, batches: Math.ceil(records.length / batchSize) });
      if (options.synonyms) await replaceWithSynonyms(client, options.indexName, records, batchSize, options.synonyms);
      else await client.replaceAllObjects({ indexName: options.indexName, objects: records, batchSize });
      progress.end();
      report.uploaded = records.length;
    }
  } catch (error) {
    progress?.end();
    throw failure(error);
  }

  report.batches = stats.batches;
  report.retries = stats.retries;
  report.durationMs = performance.now() - started;
  const seconds = `${(report.durationMs / 1000).toFixed(1)} s`;
  const retries = plural(stats.retries, 'retry', 'retries');
  const synonymsNote = options.synonyms ? `, ${plural(options.synonyms.length, 'synonym', 'synonyms')}` : '';
  output.write(
    report.mode === 'replace'
      ? `Pushed ${records.length} records (${formatBytes(bytes)}) from ${site.pages} pages to ${target} in ${seconds}: ${plural(stats.batches, 'batch', 'batches')}, ${retries}, atomic replace${synonymsNote}${report.settingsChanged ? ', settings updated' : ''}\n`
      : `Updated ${target} in ${seconds}: ${plural(report.uploaded, 'record', 'records')} uploaded, ${report.deleted} deleted, ${report.unchanged} unchanged (${site.pages} pages), ${retries}${synonymsNote}${report.settingsChanged ? ', settings updated' : ''}\n`,
  );
  return report;
}

/**
 * `replaceAllObjects`, step for step, with the synonyms saved into the temporary index before
 * the move: the client's helper copies the live index's synonyms into it and has no way to give
 * others. Settings and rules are copied as it copies them; a failure deletes the temporary index.
 */
async function replaceWithSynonyms(client: ReturnType<typeof algoliasearch>, indexName: string, objects: PushRecord[], batchSize: number, synonyms: readonly SynonymHit[]): Promise<void> {
  const temporary = `${indexName}_tmp_${Math.floor(Math.random() * 1e6) + 1e5}`;
  const scope: ('settings' | 'rules')[] = ['settings', 'rules'];
  try {
    const copied = await client.operationIndex({ indexName, operationIndexParams: { operation: 'copy', destination: temporary, scope } });
    await client.chunkedBatch({ indexName: temporary, objects: objects as unknown as Record<string, unknown>[], waitForTasks: true, batchSize });
    await client.waitForTask({ indexName: temporary, taskID: copied.taskID });
    const saved = await client.saveSynonyms({ indexName: temporary, synonymHit: [...synonyms], replaceExistingSynonyms: true });
    await client.waitForTask({ indexName: temporary, taskID: saved.taskID });
    // Settings changed on the live index meanwhile are copied again, as the client's helper does.
    const recopied = await client.operationIndex({ indexName, operationIndexParams: { operation: 'copy', destination: temporary, scope } });
    await client.waitForTask({ indexName: temporary, taskID: recopied.taskID });
    const moved = await client.operationIndex({ indexName: temporary, operationIndexParams: { operation: 'move', destination: indexName } });
    await client.waitForTask({ indexName: temporary, taskID: moved.taskID });
  } catch (error) {
    await client.deleteIndex({ indexName: temporary }).catch(() => {});
    throw error;
  }
}

/** `http://127.0.0.1:8787` → the client's host entry; a path is refused (the client has no base path). */
export function parseHost(value: string): { url: string; protocol: 'http' | 'https'; accept: 'readWrite' }[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PushError(`--host must be a URL such as http://127.0.0.1:8787, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PushError(`--host must be an http:// or https:// URL, got "${value}"`);
  if (url.pathname !== '/' || url.search || url.hash) throw new PushError(`--host takes a host without a path (the client adds /1/indexes/…), got "${value}"`);
  return [{ url: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https', accept: 'readWrite' }];
}

/** objectID → contentHash of the live index; `null` when it does not exist or holds records this command did not push. */
async function existingHashes(client: ReturnType<typeof algoliasearch>, indexName: string): Promise<Map<string, string> | null> {
  const hashes = new Map<string, string>();
  let foreign = false;
  try {
    await client.browseObjects<{ contentHash?: unknown }>({
      indexName,
      browseParams: { attributesToRetrieve: ['contentHash'], hitsPerPage: 1000 },
      aggregator: (response) => {
        for (const hit of response.hits) {
          if (typeof hit.contentHash === 'string') hashes.set(hit.objectID, hit.contentHash);
          else foreign = true;
        }
      },
    });
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  return foreign || hashes.size === 0 ? null : hashes;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

interface FailureContext {
  phase: Phase;
  stats: TransportStats;
  target: string;
  indexName: string;
  batchSize: number;
  total: number;
  incremental: boolean;
  hostGiven: boolean;
}

/** Turns the client's error into one sentence: what failed, why, and what state the live index is in. */
function explain(error: unknown, context: FailureContext): PushError {
  if (error instanceof PushError) return error;
  const { phase, stats, target } = context;
  const status = statusOf(error);
  const name = (error as Error | null)?.name;
  const message = (error as Error | null)?.message ?? String(error);
  const state =
    phase === 'settings' || phase === 'browse'
      ? 'nothing was changed'
      : context.incremental
        ? `the live index is partly updated (${stats.batches} batch requests sent): run the push again, or without --incremental for an atomic replace`
        : `the live index "${context.indexName}" is unchanged`;

  if (status === 403 && /not allowed with this api key/i.test(message)) {
    return new PushError(
      `${ADMIN_KEY_VARIABLE} is a search-only key: the provider refused to ${phase === 'settings' ? 'read the index settings' : 'write'} ("${message}"). Use the admin API key, or a key with the addObject, deleteObject, deleteIndex, settings, editSettings and browse rights; ${state}`,
    );
  }
  if (status === 403 && /invalid application-id or api key/i.test(message)) {
    return new PushError(`the provider refused app id "${target.match(/app "([^"]*)"/)?.[1]}" with this key ("${message}"): check --app-id and ${ADMIN_KEY_VARIABLE}; ${state}`);
  }
  const batch = stats.failedBatch;
  if (batch && (phase === 'upload' || phase === 'delete')) {
    const totalBatches = Math.ceil(context.total / context.batchSize);
    const [first, last] = batchRange(batch.batch, context.batchSize, context.total);
    const what = phase === 'upload' ? `batch ${batch.batch} of ${totalBatches} (records ${first}–${last}, ${formatBytes(batch.bytes)})` : `deletion batch ${batch.batch}`;
    return new PushError(
      `${what} failed: ${batch.status === 0 ? batch.message : `HTTP ${batch.status} "${batch.message}"`}${batch.attempts > 1 ? ` after ${batch.attempts} tries` : ''}; ${state}`,
    );
  }
  if (name === 'RetryError') {
    const last = stats.lastFailure;
    const why = last ? `${last.status === 0 ? last.message : `HTTP ${last.status} "${last.message}"`} on ${last.path}` : 'no host answered';
    return new PushError(`cannot reach ${target} (${why}): check --app-id${context.hostGiven ? ', --host' : ''} and the network; ${state}`);
  }
  if (status === 404 && phase === 'settings') {
    return new PushError(`${target} answered 404 ("${message}"): is this the provider's API (check --host and --app-id)? ${state}`);
  }
  return new PushError(`${phase} failed: ${status !== undefined ? `HTTP ${status} "${message}"` : message}; ${state}`);
}

export type { PushRecord };
