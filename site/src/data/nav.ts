/** The site's sections, in sidebar order. `lvl0` is the search category of their pages. */
export interface NavItem {
  href: string;
  title: string;
}
export interface NavSection {
  title: string;
  items: NavItem[];
}

export const NAV: NavSection[] = [
  {
    title: 'Quick start',
    items: [
      { href: '/quick-start/astro/', title: 'Astro' },
      { href: '/quick-start/starlight/', title: 'Starlight' },
      { href: '/quick-start/docusaurus/', title: 'Docusaurus' },
      { href: '/quick-start/vitepress/', title: 'VitePress' },
      { href: '/quick-start/react/', title: 'React' },
      { href: '/quick-start/cdn/', title: 'CDN script' },
      { href: '/quick-start/crawl/', title: 'Any site, by crawling it' },
    ],
  },
  {
    title: 'Reference',
    items: [
      { href: '/reference/options/', title: 'Search modal options' },
      { href: '/reference/ask-ai/', title: 'Ask AI' },
      { href: '/reference/translations/', title: 'Translations' },
      { href: '/reference/shortcuts/', title: 'Keyboard shortcuts' },
      { href: '/reference/astro/', title: 'Astro integration' },
      { href: '/reference/local-index/', title: 'Local index' },
      { href: '/reference/sidepanel/', title: 'Sidepanel' },
      { href: '/reference/analytics/', title: 'Analytics' },
    ],
  },
  {
    title: 'Demos',
    items: [
      { href: '/demos/indices/', title: 'Several indices' },
      { href: '/demos/hit-component/', title: 'Custom hitComponent' },
      { href: '/demos/dark/', title: 'Dark theme' },
      { href: '/demos/shortcuts-off/', title: 'Shortcuts off' },
      { href: '/demos/sidepanel-inline/', title: 'Sidepanel inline' },
      { href: '/demos/sidepanel-left/', title: 'Sidepanel on the left' },
      { href: '/demos/sidepanel-alone/', title: 'Sidepanel alone' },
    ],
  },
];

/** Every demo page (the accessibility tests open the modal on each). */
export const DEMO_PAGES = NAV.find((section) => section.title === 'Demos')!.items.map((item) => item.href);
