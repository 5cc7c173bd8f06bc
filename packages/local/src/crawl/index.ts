export { crawlSite, CrawlError, CRAWLER_TOKEN, CRAWL_DEFAULTS, DEFAULT_OUT_DIR, type CrawlOptions, type CrawlReport, type CrawlIssue, type PageRenderer } from './crawl.js';
export { loadDocsearchConfig, parseDocsearchConfig, type DocsearchConfig } from './docsearch-config.js';
export { parseRobots, type RobotsRules } from './robots.js';
export { parseSitemap, type Sitemap } from './sitemap.js';
