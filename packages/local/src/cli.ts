#!/usr/bin/env node
/**
 * `sitesearch index <dir>`, `sitesearch serve <dir>` and `sitesearch push <dir>`: the indexer,
 * the loopback server and the upload to the hosted provider, for sites without an SSG plugin.
 * Every failure is one line saying what and where, exit 1.
 */
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildSiteIndex } from './indexer/build-site.js';
import { releasePostNote } from './indexer/page-rank.js';
import type { ChatFaultOptions } from './server/chat-faults.js';
import type { FaultOptions } from './server/faults.js';
import type { WriteFaultOptions } from './server/write-faults.js';

// The server (and its assistant, engine and HTTP modules) loads only for `serve` and the help:
// `index` does not pay for loading them (a fifth of its module loading, measured).
async function help(): Promise<string> {
  const { DEFAULT_API_KEY, DEFAULT_APP_ID } = await import('./server/server.js');
  const { CRAWL_DEFAULTS, DEFAULT_OUT_DIR } = await import('./crawl/crawl.js');
  return `Usage: sitesearch <command> <dir> [options]
       sitesearch crawl <url…> [options]

Commands:
  index <dir>    Index the built HTML pages in <dir> into <dir>/sitesearch/
  serve <dir>    Serve <dir>/sitesearch/ on loopback: the provider's search API and both
                 assistant protocols (Ask AI) answered from the index; with --admin-key, also
                 a target for push (the folder may then be empty or missing)
  push <dir>     Index the built HTML pages in <dir> and upload the records to the hosted
                 search provider (atomic replace), with the settings the widget relies on
  analytics <dir>
                 Report what readers searched for and did not find, from the log that
                 serve --analytics keeps in <dir>/sitesearch/analytics/
  crawl <url…>   Index a live site over HTTP from its start URLs, with the same indexer and
                 records as index: sitemaps (robots.txt's Sitemap lines, else /sitemap.xml)
                 and links on the same origin under each start URL's folder; robots.txt
                 (as SiteSearchBot), noindex, nofollow and rel=canonical obeyed

Options for index (push takes them too):
  --base-url <url>       Base URL of the site: "/", "/docs/" or "https://example.com/docs/" (default "/")
  --out <dir>            Where to write the index (default <dir>/sitesearch)
  --exclude <path>       Folder under <dir> not to index (repeatable)
  --content <selector>   CSS selector of the element holding a page's text (repeatable; replaces the defaults)
  --ignore <selector>    CSS selector of elements to skip (repeatable; added to the defaults)
  --lvl0 <text>          Category of pages that have none (default: first URL segment, title-cased)
  --clean-urls           Link pages without ".html" (about.html → /about), for hosts that serve
                         clean URLs (default: the file path, /about.html; index.html → its folder)
  --workers <n>          Threads that read and extract pages (default: one per core; 1 below 250 pages)
  --page-rank <p>=<n>    Rank of the pages whose URL matches pattern p (repeatable; the first that
                         matches wins), e.g. "/blog/*=-1"; higher first, default 0; release posts
                         (blog/, changelog/, releases/, news/ after the base URL) are -1 unless
                         one matches ("*=0" turns that off). Crawl takes it too
  --synonyms <file>      Synonyms in the provider's format (a JSON array of { objectID, type, … }:
                         synonym, oneWaySynonym, altCorrection1, altCorrection2, placeholder),
                         e.g. [{"objectID":"flaky","type":"oneWaySynonym","input":"flaky",
                         "synonyms":["retry"]}]; push sends them with the records. Crawl takes it too

Options for serve:
  --out <dir>            The index folder to serve (default <dir>/sitesearch)
  --port <n>             Port to listen on (default 0: a free port, printed)
  --host <address>       Interface to bind (default 127.0.0.1)
  --index-name <name>    Name of the index in search requests (default "docs")
  --app-id <id>          Application ID requests must carry (default "${DEFAULT_APP_ID}")
  --api-key <key>        API key requests must carry (default "${DEFAULT_API_KEY}")
  --no-auth              Accept requests without credentials
  --suggested-question <text>
                         A suggested question of the assistant backend (repeatable), served
                         in the index "algolia_ask_ai_suggested_questions"
  --llm-url <url>        Write answers with a model behind an OpenAI-compatible API at <url>
                         (POST <url>/chat/completions); the API key, if any, is read from the
                         environment variable SITESEARCH_LLM_API_KEY (never a flag)
  --llm-model <name>     The model to ask (required with --llm-url)
  --admin-key <key>      Accept the provider's write API (what push sends) from requests carrying
                         this key (default: read-only). Pushed indices are searchable at once and
                         saved in <dir>/sitesearch/indexes/<name>/ (under --out <folder> if given),
                         in the format index writes plus settings.json, read back at the next
                         start. An empty or missing index folder starts an empty application
                         (unknown indices answer 404 "Index <name> does not exist", as on the
                         provider) instead of failing
  --write-faults <json>  Write faults, e.g. '{"status":503,"batch":2}' (status, batch, times,
                         taskPolls, latencyMs)
  --faults <json>        Search faults, e.g. '{"status":503,"rate":0.5}' (latencyMs, status, drop, rate)
  --chat-faults <json>   Chat faults, e.g. '{"chunkDelayMs":200}' (tokenStatus, chatStatus,
                         feedbackStatus, message, errorAfterChunks, cutAfterChunks, chunkDelayMs)
  --analytics            Record settled searches, Insights events (POST /1/events) and the
                         assistant's questions in an append-only log (JSON lines) in
                         <dir>/sitesearch/analytics/, and answer the Analytics REST API (GET /2/...)
                         from it. No IP address or user agent is stored. Off by default
  --analytics-dir <dir>  Where to keep the log instead (e.g. outside a folder the site build wipes)
  --analytics-max-file <size>
                         Rotate the log file at this size (default 32MB; B, KB, MB, GB)
  --analytics-max-total <size>
                         Keep the log folder under this size, deleting the oldest rotated
                         files (default 512MB)
  --analytics-settle <ms>
                         A reader's successive refinements of a query (one a prefix of the
                         other) within this time are one search, the last (default 2000)

Options for analytics:
  --from <YYYY-MM-DD>    First day of the report (UTC; default: the log's first)
  --to <YYYY-MM-DD>      Last day of the report (UTC; default: the log's last)
  --index-name <name>    Only this index (default: all)
  --limit <n>            Rows per list (default 10)
  --json                 Print JSON for scripts instead of tables
  --out, --analytics-dir As for serve: where the log is

Options for push (the write key is read from SITESEARCH_ADMIN_API_KEY, never a flag):
  --app-id <id>          Application ID of the provider (required)
  --index <name>         Index to replace (required)
  --host <url>           Send every request to this URL (the loopback server, a proxy) instead
                         of the provider's hosts, e.g. http://127.0.0.1:8787
  --dry-run              Print the settings, record count and bytes; send nothing
  --incremental          Upload only records whose content changed since the last push and delete
                         those of removed pages, in place (no temporary index)

Options for crawl (it also takes --content, --ignore and --lvl0; with --push, the options of push):
  --out <dir>            Where to write the index and the crawl state (default ./${DEFAULT_OUT_DIR})
  --sitemap <url>        A sitemap to read besides robots.txt's and /sitemap.xml (repeatable)
  --include <pattern>    Crawl only URLs matching this pattern (repeatable); "*" is any text, a
                         pattern with "://" matches the whole URL, any other the path and query
                         ("/guide/*"); a start URL outside it is fetched for its links only
  --exclude <pattern>    Do not crawl URLs matching this pattern (repeatable), e.g. "*?month=*"
  --max-pages <n>        Pages requested at most (default ${CRAWL_DEFAULTS.maxPages})
  --max-depth <n>        Links followed from a start URL at most (default ${CRAWL_DEFAULTS.maxDepth}; sitemap pages are at 1)
  --concurrency <n>      Requests in flight at once (default ${CRAWL_DEFAULTS.concurrency})
  --delay <ms>           Time between two requests to one host (default ${CRAWL_DEFAULTS.delayMs}); a longer
                         robots.txt Crawl-delay wins
  --timeout <ms>         Time a request may take, headers and body (default ${CRAWL_DEFAULTS.timeoutMs});
                         a URL that times out is retried once, then listed as failed
  --fresh                Ignore the state of the last crawl (crawl-state.json in --out): fetch
                         and extract every page again, and write this crawl's state in its
                         place; by default unchanged pages (304 to If-None-Match /
                         If-Modified-Since) are reused
  --render               Load each page in headless Chromium (playwright-core, $CHROMIUM_PATH
                         or /usr/bin/chromium) and index the rendered DOM, for sites that
                         build their pages with JavaScript
  --config <file>        A docsearch-scraper config (docsearch.json): start_urls, stop_urls,
                         sitemap_urls, selectors, selectors_exclude, min_indexed_level,
                         only_content_level, js_render, custom_settings (pushed with --push)
  --push                 Then upload the records as push does (needs --app-id and --index;
                         takes --host, --dry-run, --incremental; key from SITESEARCH_ADMIN_API_KEY)
  Exit status 1 only when a start URL fails or nothing could be indexed; every failed URL is
  listed with its reason.

Endpoints of serve:
  POST /1/indexes/*/queries, POST /1/indexes/{indexName}/query      search
  POST /chat/token, POST /chat, POST /chat/feedback                 assistant backend
  POST /agent-studio/1/agents/{id}/completions?stream=true           agent backend
  With --admin-key: POST /1/indexes/{name}/batch, GET|PUT .../settings, POST .../operation,
  GET .../task/{id}, DELETE /1/indexes/{name}, POST .../browse,
  PUT|GET|DELETE .../synonyms/{id}, POST .../synonyms/batch|search|clear  write API (push)
  POST /1/events                                                    Insights events (recorded with --analytics)
  GET /2/searches, /2/searches/count, /2/searches/noResults, /2/searches/noClicks,
  /2/searches/noResultRate, /2/searches/noClickRate, /2/clicks/clickThroughRate,
  /2/clicks/averageClickPosition, /2/users/count, /2/status          Analytics REST API (--analytics)
  Bad requests get a JSON error (400 malformed, 403 credentials, 404 unknown path or index,
  405 method, 413 body over 1 MB, 415 content type, 422 data parts sent to the agent backend).

General:
  -h, --help             Show this help
  -v, --version          Show the version
`;
}

class UsageError extends Error {}

function fail(message: string): never {
  process.stderr.write(`sitesearch: ${message}\n`);
  process.exit(1);
}

/** `--page-rank "/blog/*=-1"` flags → the indexer's `pageRank` rules, in the order given. */
function pageRankRules(flags: string[] | undefined): Record<string, number> | undefined {
  if (!flags) return undefined;
  const rules: Record<string, number> = {};
  for (const flag of flags) {
    const at = flag.lastIndexOf('=');
    const rank = at > 0 ? Number(flag.slice(at + 1)) : NaN;
    if (!Number.isFinite(rank) || flag.slice(at + 1).trim() === '') throw new UsageError(`--page-rank needs a URL pattern, "=" and a number, e.g. "/blog/*=-1", got "${flag}"`);
    rules[flag.slice(0, at)] = rank;
  }
  return rules;
}

function positiveInteger(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new UsageError(`${flag} must be an integer from 0 to ${max}, got "${value}"`);
  return Number(value);
}

function usage(message: string): never {
  throw new UsageError(message);
}

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        'base-url': { type: 'string' },
        out: { type: 'string' },
        exclude: { type: 'string', multiple: true },
        content: { type: 'string', multiple: true },
        ignore: { type: 'string', multiple: true },
        lvl0: { type: 'string' },
        'clean-urls': { type: 'boolean' },
        workers: { type: 'string' },
        'page-rank': { type: 'string', multiple: true },
        synonyms: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'index-name': { type: 'string' },
        'app-id': { type: 'string' },
        'api-key': { type: 'string' },
        'no-auth': { type: 'boolean' },
        'suggested-question': { type: 'string', multiple: true },
        'llm-url': { type: 'string' },
        'llm-model': { type: 'string' },
        faults: { type: 'string' },
        'chat-faults': { type: 'string' },
        'admin-key': { type: 'string' },
        'write-faults': { type: 'string' },
        index: { type: 'string' },
        'dry-run': { type: 'boolean' },
        incremental: { type: 'boolean' },
        sitemap: { type: 'string', multiple: true },
        include: { type: 'string', multiple: true },
        'max-pages': { type: 'string' },
        'max-depth': { type: 'string' },
        concurrency: { type: 'string' },
        delay: { type: 'string' },
        timeout: { type: 'string' },
        fresh: { type: 'boolean' },
        render: { type: 'boolean' },
        config: { type: 'string' },
        push: { type: 'boolean' },
        analytics: { type: 'boolean' },
        'analytics-dir': { type: 'string' },
        'analytics-max-file': { type: 'string' },
        'analytics-max-total': { type: 'string' },
        'analytics-settle': { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see sitesearch --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(await help());
    return;
  }
  if (values.version) {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`${pkg.version}\n`);
    return;
  }
  const [command, dir, ...extra] = positionals;
  if (!command) {
    process.stdout.write(await help());
    process.exitCode = 1;
    return;
  }
  if (command === 'crawl') {
    tuneForOneBuild();
    await crawlCommand(values, positionals.slice(1));
    return;
  }
  if (command === 'analytics') {
    await analyticsCommand(values, positionals.slice(1));
    return;
  }
  if (command !== 'index' && command !== 'serve' && command !== 'push') {
    throw new UsageError(`unknown command "${command}" (expected "index", "serve", "push", "crawl" or "analytics"; see sitesearch --help)`);
  }
  for (const flag of ['from', 'to', 'limit', 'json']) {
    if (values[flag as keyof typeof values] !== undefined) throw new UsageError(`--${flag} is an option of analytics, not of ${command} (see sitesearch --help)`);
  }
  if (command !== 'serve') {
    for (const flag of ['analytics', 'analytics-dir', 'analytics-max-file', 'analytics-max-total', 'analytics-settle']) {
      if (values[flag as keyof typeof values] !== undefined) throw new UsageError(`--${flag} is an option of serve, not of ${command} (see sitesearch --help)`);
    }
  }
  for (const flag of ['sitemap', 'include', 'max-pages', 'max-depth', 'concurrency', 'delay', 'timeout', 'fresh', 'render', 'config', 'push']) {
    if (values[flag as keyof typeof values] !== undefined) throw new UsageError(`--${flag} is an option of crawl, not of ${command} (see sitesearch --help)`);
  }
  if (!dir) throw new UsageError(`"${command}" needs the folder of the built site, e.g. sitesearch ${command} dist`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}" (see sitesearch --help)`);
  const siteDir = resolve(dir);
  if (command !== 'serve') tuneForOneBuild();

  const { DEFAULT_SELECTORS } = await import('./indexer/selectors.js');
  if (command === 'serve' && values.synonyms !== undefined) throw new UsageError('--synonyms is an option of index, push and crawl: serve answers from the index, which holds them');
  // Checked before any page is read: a bad file fails at once, naming the entry and the field.
  const synonyms = values.synonyms === undefined ? undefined : await readSynonyms(values.synonyms);
  const indexerOptions = {
    dir: siteDir,
    baseUrl: values['base-url'],
    exclude: values.exclude,
    defaultLvl0: values.lvl0,
    cleanUrls: values['clean-urls'],
    pageRank: pageRankRules(values['page-rank']),
    ...(synonyms ? { synonyms } : {}),
    workers: values.workers === '0' ? usage('--workers must be an integer from 1 to 64, got "0"') : positiveInteger(values.workers, '--workers', 64),
    selectors: {
      ...(values.content ? { content: values.content } : {}),
      ...(values.ignore ? { ignore: [...DEFAULT_SELECTORS.ignore, ...values.ignore] } : {}),
    },
  };

  if (command === 'push') {
    if (values['app-id'] === undefined) throw new UsageError('push needs --app-id, the application ID of the search provider');
    if (values.index === undefined) throw new UsageError('push needs --index, the name of the index to replace');
    // Loaded only here: the full provider client is not needed to index or serve.
    const { pushSite } = await import('./push/push.js');
    await pushSite({
      ...indexerOptions,
      appId: values['app-id'],
      indexName: values.index,
      apiKey: process.env.SITESEARCH_ADMIN_API_KEY || undefined,
      host: values.host,
      dryRun: values['dry-run'],
      incremental: values.incremental,
    });
    return;
  }

  if (command === 'index') {
    const report = await buildSiteIndex({ ...indexerOptions, outDir: values.out ? resolve(values.out) : undefined });
    for (const page of report.skipped) process.stdout.write(`  skipped ${page.file}: ${page.reason}\n`);
    for (const warning of report.warnings) process.stdout.write(`  note: ${warning}\n`);
    const releasePosts = releasePostNote(report.releasePosts, '--page-rank "*=0"');
    if (releasePosts) process.stdout.write(`  note: ${releasePosts}\n`);
    process.stdout.write(
      `Indexed ${report.pages} pages into ${report.records} records in ${Math.round(report.durationMs)} ms\n` +
        `Wrote ${report.files} files, ${kb(report.bytes)} to ${report.outDir}\n`,
    );
    return;
  }

  const indexName = values['index-name'] ?? 'docs';
  if (values['llm-url'] === undefined && values['llm-model'] !== undefined) throw new UsageError('--llm-model needs --llm-url, the base URL of an OpenAI-compatible API');
  if (values['llm-url'] !== undefined && values['llm-model'] === undefined) throw new UsageError('--llm-url needs --llm-model, the name of the model to ask');
  const llmApiKey = process.env.SITESEARCH_LLM_API_KEY;
  const { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer } = await import('./server/server.js');
  const indexDir = values.out ? resolve(values.out) : join(siteDir, 'sitesearch');
  const adminKey = values['admin-key'];
  // A write target may start from nothing (a staging stand-in for the provider, a CI job); a
  // read-only server with no index would answer nothing, so it keeps failing on the missing index.
  const pushedDir = adminKey === undefined ? undefined : join(indexDir, PUSHED_FOLDER);
  const emptyApplication = adminKey !== undefined && (await holdsNoIndex(indexDir));
  const analyticsDir = values['analytics-dir'] ? resolve(values['analytics-dir']) : join(indexDir, ANALYTICS_FOLDER);
  if (!values.analytics) {
    for (const flag of ['analytics-dir', 'analytics-max-file', 'analytics-max-total', 'analytics-settle']) {
      if (values[flag as keyof typeof values] !== undefined) throw new UsageError(`--${flag} needs --analytics (recording is off by default)`);
    }
  }
  const analytics = values.analytics
    ? {
        dir: analyticsDir,
        ...optional('maxFileBytes', byteSize(values['analytics-max-file'], '--analytics-max-file')),
        ...optional('maxTotalBytes', byteSize(values['analytics-max-total'], '--analytics-max-total')),
        ...optional('settleMs', positiveInteger(values['analytics-settle'], '--analytics-settle', 600_000)),
      }
    : undefined;
  let server;
  try {
    server = await startServer({
      indexes: emptyApplication ? {} : { [indexName]: indexDir },
      port: positiveInteger(values.port, '--port', 65535),
      host: values.host,
      credentials: values['no-auth'] ? false : { appId: values['app-id'] ?? DEFAULT_APP_ID, apiKey: values['api-key'] ?? DEFAULT_API_KEY },
      ...(values['suggested-question'] ? { suggestedQuestions: values['suggested-question'] } : {}),
      ...(values['llm-url'] ? { llm: { baseUrl: values['llm-url'], model: values['llm-model']!, ...(llmApiKey ? { apiKey: llmApiKey } : {}) } } : {}),
      faults: jsonFlag(values.faults, '--faults') as FaultOptions | undefined,
      chatFaults: jsonFlag(values['chat-faults'], '--chat-faults') as ChatFaultOptions | undefined,
      ...(adminKey !== undefined ? { adminKey, pushedDir } : {}),
      writeFaults: jsonFlag(values['write-faults'], '--write-faults') as WriteFaultOptions | undefined,
      ...(analytics ? { analytics } : {}),
    });
  } catch (error) {
    // Option checks name the option as code does ("llm.baseUrl", "chatFaults.x"): say which flag.
    if (error instanceof TypeError) throw new UsageError(flagNames(error.message));
    throw error;
  }
  const pushed = server.pushedIndexes();
  process.stdout.write(
    (emptyApplication ? `Serving an empty application (no index in ${indexDir} yet) at ${server.url}\n` : `Serving index "${indexName}" at ${server.url}\n`) +
      (values['no-auth'] ? '' : `Credentials: appId "${values['app-id'] ?? DEFAULT_APP_ID}", apiKey "${values['api-key'] ?? DEFAULT_API_KEY}"\n`) +
      (adminKey !== undefined
        ? 'Writes (sitesearch push) accepted with the key given by --admin-key\n' +
          `Pushed indices saved in ${pushedDir}${pushed.length > 0 ? `; read back: ${pushed.map((name) => `"${name}"`).join(', ')}` : ''}\n`
        : '') +
      `Ask AI: POST ${server.url}/chat (token: /chat/token) and ${server.url}/agent-studio/1/agents/<id>/completions\n` +
      // The model and where it runs, never the key.
      (analytics
        ? `Analytics: recording settled searches, events (POST ${server.url}/1/events) and questions in ${analyticsDir}; report: sitesearch analytics\n`
        : '') +
      (values['llm-url'] ? `Answers written by "${values['llm-model']}" at ${values['llm-url']}${llmApiKey ? ' (API key from SITESEARCH_LLM_API_KEY)' : ''}\n` : 'Answers quote the docs (no --llm-url)\n') +
      'Press Ctrl+C to stop\n',
  );
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

type Values = Record<string, string | boolean | string[] | undefined>;

/** `sitesearch crawl <url…>`: crawl, write the index to --out, and with --push upload the records. */
async function crawlCommand(values: Values, urls: string[]): Promise<void> {
  const string = (name: string): string | undefined => values[name] as string | undefined;
  const list = (name: string): string[] | undefined => values[name] as string[] | undefined;
  if (values['base-url'] !== undefined) throw new UsageError('crawl takes no --base-url: records carry the URLs the site serves');
  if (values['clean-urls']) throw new UsageError('crawl takes no --clean-urls: records carry the URLs the site serves');
  const push = values.push === true;
  const synonyms = string('synonyms') === undefined ? undefined : await readSynonyms(string('synonyms')!);
  // A docsearch-scraper config gives start URLs, selectors and more; flags given as well win.
  const { loadDocsearchConfig } = await import('./crawl/docsearch-config.js');
  const config = string('config') === undefined ? undefined : await loadDocsearchConfig(resolve(string('config')!)).catch((error: Error) => usage(error.message));
  for (const note of config?.notes ?? []) process.stdout.write(`  config: ${note}\n`);
  if (config?.customSettings && !push) process.stdout.write('  config: custom_settings: used only with --push (they are index settings of the provider)\n');
  const indexName = string('index') ?? config?.indexName;
  const startUrls = [...(config?.options.urls ?? []), ...urls];
  if (!push) {
    for (const flag of ['app-id', 'index', 'dry-run', 'incremental', 'host']) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} is an option of --push (add --push to upload the crawled records)`);
    }
  } else {
    if (string('app-id') === undefined) throw new UsageError('crawl --push needs --app-id, the application ID of the search provider');
    if (indexName === undefined) throw new UsageError('crawl --push needs --index, the name of the index to replace (or index_name in --config)');
  }
  const pushOptions = {
    appId: string('app-id')!,
    indexName: indexName!,
    apiKey: process.env.SITESEARCH_ADMIN_API_KEY || undefined,
    host: string('host'),
    dryRun: values['dry-run'] === true,
    incremental: values.incremental === true,
    source: `the crawl of ${startUrls.join(', ')}`,
    ...(config?.customSettings ? { extraSettings: config.customSettings } : {}),
    ...(synonyms ? { synonyms } : {}),
  };
  // Loaded only with --push (the full provider client); a push that cannot start fails before the crawl.
  const pushModule = push ? await import('./push/push.js') : undefined;
  pushModule?.checkPushOptions(pushOptions);
  const { DEFAULT_SELECTORS } = await import('./indexer/selectors.js');
  const { crawlSite, CrawlError } = await import('./crawl/crawl.js');
  const content = list('content');
  const ignore = list('ignore');
  let report;
  try {
    report = await crawlSite({
      ...config?.options,
      urls: startUrls,
      sitemaps: [...(config?.options.sitemaps ?? []), ...(list('sitemap') ?? [])],
      render: values.render === true || config?.options.render === true,
      outDir: string('out'),
      include: list('include'),
      exclude: list('exclude'),
      maxPages: positiveInteger(string('max-pages'), '--max-pages', 1_000_000),
      maxDepth: positiveInteger(string('max-depth'), '--max-depth', 1000),
      concurrency: positiveInteger(string('concurrency'), '--concurrency', 64),
      delayMs: positiveInteger(string('delay'), '--delay', 600_000),
      timeoutMs: positiveInteger(string('timeout'), '--timeout', 600_000),
      incremental: values.fresh !== true,
      defaultLvl0: string('lvl0'),
      pageRank: pageRankRules(list('page-rank')),
      ...(synonyms ? { synonyms } : {}),
      selectors: {
        ...(content ? { content } : {}),
        ...(ignore ? { ignore: [...DEFAULT_SELECTORS.ignore, ...ignore] } : {}),
      },
    });
  } catch (error) {
    if (error instanceof CrawlError || error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
  const startFailure = report.failed.find((issue) => startUrls.some((url) => issue.url === new URL(url).href));
  if (report.startFailed) {
    process.stderr.write(`sitesearch: start URL ${startFailure?.url ?? startUrls[0]} failed: ${startFailure?.reason ?? 'see above'}\n`);
    process.exitCode = 1;
  }
  if (report.pages === 0) {
    process.stderr.write('sitesearch: nothing could be indexed (see the pages skipped and failed above)\n');
    process.exitCode = 1;
    return;
  }
  if (pushModule) await pushModule.pushRecords({ records: report.recordList, languages: report.languageList, pages: report.pages, skipped: [] }, pushOptions);
}

/**
 * An index build runs for about a second on a docs site, too short for V8's optimizing compiler
 * to pay for itself: it compiled our hot functions, with everything it inlines into them, on
 * the other core for ~0.7 s of CPU on the Vitest docs (`perf`: most of the background threads'
 * time), which on a 2-core machine took that core from the build. Without inlining it compiles
 * less per function; instructions of the whole build (callgrind, all threads): 5.82 G → 4.95 G,
 * and the 10,000-page site is not slower. Only this process's own builds are tuned: the Astro
 * and Docusaurus plugins run the indexer inside the host's process, whose flags are not ours to
 * set, and `serve` runs long enough for inlining to pay.
 */
function tuneForOneBuild(): void {
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=0');
}

/** The folder, under the index folder, where `serve --admin-key` keeps pushed indices. */
const PUSHED_FOLDER = 'indexes';

/**
 * True when `indexDir` is missing, empty, or holds only pushed indices: `serve --admin-key` then
 * starts an empty application. A folder with anything else and no manifest is left to fail as
 * a broken index does, rather than being taken for an application.
 */
async function holdsNoIndex(indexDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(indexDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  return entries.every((entry) => entry === PUSHED_FOLDER);
}

/** `--synonyms <file>`, read and checked; a bad file is the command's one error line. */
async function readSynonyms(path: string): Promise<import('./engine/synonyms.js').SynonymHit[]> {
  const { readSynonymsFile } = await import('./indexer/synonyms-file.js');
  return readSynonymsFile(resolve(path));
}

/** The folder, under the index folder, where `serve --analytics` keeps its log. */
const ANALYTICS_FOLDER = 'analytics';

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** "64MB", "512KB", "1GB" or a number of bytes. */
function byteSize(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i.exec(value.trim());
  if (!match) throw new UsageError(`${flag} must be a size such as 64MB, 512KB or 1048576, got "${value}"`);
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(match[2] ?? 'B').toUpperCase() as 'B'];
  return Math.round(Number(match[1]) * unit);
}

/** `sitesearch analytics <dir>`: the report over the log of `serve --analytics`. */
async function analyticsCommand(values: Values, positionals: string[]): Promise<void> {
  const [dir, extra] = positionals;
  if (!dir) throw new UsageError('"analytics" needs the folder of the built site, e.g. sitesearch analytics dist');
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}" (see sitesearch --help)`);
  const string = (name: string): string | undefined => values[name] as string | undefined;
  const { isDate } = await import('./analytics/aggregate.js');
  for (const flag of ['from', 'to']) {
    const value = string(flag);
    if (value !== undefined && !isDate(value)) throw new UsageError(`--${flag} must be a date written YYYY-MM-DD, got "${value}"`);
  }
  if (string('from') && string('to') && string('from')! > string('to')!) throw new UsageError(`--from (${string('from')}) is after --to (${string('to')})`);
  const limit = string('limit') === '0' ? usage('--limit must be an integer from 1 to 1000, got "0"') : positiveInteger(string('limit'), '--limit', 1000);
  const indexDir = string('out') ? resolve(string('out')!) : join(resolve(dir), 'sitesearch');
  const logDir = string('analytics-dir') ? resolve(string('analytics-dir')!) : join(indexDir, ANALYTICS_FOLDER);
  const { logFiles } = await import('./analytics/log.js');
  if ((await logFiles(logDir)).length === 0) throw new UsageError(`no analytics log in ${logDir} (sitesearch serve --analytics writes it)`);
  const { analyticsReport, formatReport } = await import('./analytics/report.js');
  const report = await analyticsReport(logDir, { from: string('from'), to: string('to'), index: string('index-name'), limit });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
}

function jsonFlag(value: string | undefined, flag: string): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new UsageError(`${flag} must be a JSON object, e.g. ${flag} '{"status":503}', got ${value}`);
  }
}

function flagNames(message: string): string {
  return message
    .replace(/^startServer: /, '')
    .replace(/^llm\.baseUrl/, '--llm-url')
    .replace(/^llm\.model/, '--llm-model')
    .replace(/^chatFaults(?:\.|: )/, '--chat-faults: ')
    .replace(/^writeFaults(?:\.|: )/, '--write-faults: ')
    .replace(/^"adminKey"/, '--admin-key')
    .replace(/^analytics: "maxFileBytes"/, '--analytics-max-file')
    .replace(/^analytics: "maxTotalBytes" must be at least "maxFileBytes"/, '--analytics-max-total must be at least --analytics-max-file')
    .replace(/^faults(?:\.|: )/, '--faults: ');
}

function kb(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // One line: the message already says what and where; a stack trace would bury it.
  fail(error instanceof Error ? error.message.replace(/^startServer: /, '') : String(error));
});
