export { crawlSite, CRAWLER_TOKEN, CRAWL_DEFAULTS, DEFAULT_OUT_DIR, type CrawlOptions, type CrawlReport, type CrawlIssue } from './crawl.js';
export { CrawlError } from './errors.js';
export type { PageRenderer } from './render.js';
export { loadDocsearchConfig, parseDocsearchConfig, type DocsearchConfig } from './docsearch-config.js';
export { parseRobots, type RobotsRules } from './robots.js';
export { parseSitemap, type Sitemap } from './sitemap.js';
