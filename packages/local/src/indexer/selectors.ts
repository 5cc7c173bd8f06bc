/**
 * Where the indexer looks in a page. The defaults fit Astro Starlight, Docusaurus and plain
 * HTML with a `<main>` or `<article>`; every list can be replaced per site.
 */
export interface IndexerSelectors {
  /** The element that holds the page's text; the first selector that matches wins. */
  content: string[];
  /** The section or category (`hierarchy.lvl0`), looked up in the whole page. */
  lvl0: string[];
  /** The page title; falls back to `<title>`. */
  lvl1: string[];
  /** Headings of levels 2 to 6, in order. */
  headings: [lvl2: string, lvl3: string, lvl4: string, lvl5: string, lvl6: string];
  /** Blocks that become content records: paragraphs, list items, table cells. */
  text: string[];
  /** Elements skipped with everything inside them. */
  ignore: string[];
}

export const DEFAULT_SELECTORS: IndexerSelectors = {
  content: [
    '[data-sitesearch-content]',
    // Starlight: the title sits in the content panel above `.sl-markdown-content`, both in <main>.
    'main[data-pagefind-body]',
    // Docusaurus: the doc, with its <header><h1>, is the <article> inside <main>.
    'main article',
    'main',
    '[role="main"]',
    'article',
    'body',
  ],
  lvl0: [
    '[data-sitesearch-lvl0]',
    // Docusaurus: the expanded sidebar category of the current page.
    '.menu__link--sublist.menu__link--active',
    '.menu__list-item-collapsible--active > .menu__link',
    // Starlight: the sidebar group holding the current page.
    'nav.sidebar details:has(a[aria-current="page"]) > summary .group-label',
    'nav.sidebar details:has(a[aria-current="page"]) > summary',
  ],
  lvl1: ['[data-sitesearch-lvl1]', 'h1'],
  headings: ['h2', 'h3', 'h4', 'h5', 'h6'],
  text: ['p', 'li', 'td', 'th', 'dt', 'dd'],
  ignore: [
    '[data-sitesearch-ignore]',
    // Pagefind's own marker: what a site hid from Pagefind stays hidden after moving to SiteSearch.
    '[data-pagefind-ignore]',
    'nav',
    'footer',
    '[role="navigation"]',
    '[role="contentinfo"]',
    'script',
    'style',
    'noscript',
    // Code blocks drown prose in identifiers; API names are found in the text around them.
    'pre',
    'template',
    'svg',
    'button',
    // Heading permalinks ("#", "Section titled …") would pollute heading text.
    '.hash-link',
    '.header-anchor',
    '.sl-anchor-link',
    '.sr-only',
    // Docusaurus and Starlight tables of contents and breadcrumbs.
    '.theme-doc-toc-mobile',
    '.theme-doc-toc-desktop',
    '.theme-doc-breadcrumbs',
    '.table-of-contents',
    'starlight-toc',
    'mobile-starlight-toc',
  ],
};

/** Merges partial selectors over the defaults; a given list replaces the default list. */
export function resolveSelectors(overrides: Partial<IndexerSelectors> = {}): IndexerSelectors {
  const resolved = { ...DEFAULT_SELECTORS, ...overrides };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.trim() !== '')) {
      throw new TypeError(`sitesearch indexer: selectors.${name} must be an array of CSS selectors, got ${JSON.stringify(value)}`);
    }
  }
  if (resolved.headings.length !== 5) {
    throw new TypeError(`sitesearch indexer: selectors.headings must list 5 selectors (lvl2 to lvl6), got ${resolved.headings.length}`);
  }
  return resolved;
}
