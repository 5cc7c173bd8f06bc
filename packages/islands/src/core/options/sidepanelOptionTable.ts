/**
 * The Sidepanel's options (interface section 2.1 and SiteSearch's additions), once: every name
 * with its type letters (capital: its value holds code), the entry an entry-only option belongs
 * to, and the plain defaults. The loader's type check, the resolver's known names, the plugins'
 * data/code split and the site's reference derive from here; the doc lines live in
 * `optionDocs.ts`, which no browser bundle imports (see siteSearchOptionTable.ts).
 */
import type { Entry } from './siteSearchOptionsBase.js';
import type { SidepanelBaseOptions, SidepanelOptions, SidepanelProps } from './types.js';
import type { TypeTable } from './optionTypes.js';

/** Every option of the Sidepanel, in any entry (the TypeScript types are the list). */
export type SidepanelOptionName = keyof SidepanelOptions | keyof SidepanelProps;

/** Type letters of the options every entry takes (see `TypeTable`); the `satisfies` ties the names to the TypeScript types both ways. */
export const SIDEPANEL_OPTION_TYPES = {
  appId: 's',
  apiKey: 's',
  assistantId: 's',
  agentId: 's',
  indexName: 's',
  indices: 'a',
  agentStudio: 'b',
  searchParameters: 'o',
  variant: 's',
  side: 's',
  width: 'ns',
  expandedWidth: 'ns',
  suggestedQuestions: 'b',
  keyboardShortcuts: { 'Ctrl/Cmd+I': 'b' },
  theme: 's',
  // Only the trigger's texts: the loader draws the trigger with them.
  translations: { sidepanel: { buttonText: 's', buttonAriaLabel: 's' } },
  searchClient: 'O',
  baseUrl: 's',
  pushTarget: 'se',
} as const satisfies { [name in keyof SidepanelBaseOptions]-?: string | TypeTable };

/** The options only one entry takes, by entry ('js' is the JavaScript function, the CDN script's too). */
export const SIDEPANEL_ENTRY_OPTIONS = {
  js: ['container'],
  react: ['portalContainer'],
  integration: [],
} as const satisfies Record<Entry, ReadonlyArray<Exclude<SidepanelOptionName, keyof SidepanelBaseOptions>>>;

/** Type letters of the entry-only options, as their entries check them (the CDN loader, up front, for `container`). */
export const SIDEPANEL_ENTRY_OPTION_TYPES = {
  container: 'se',
  portalContainer: 'eo',
} as const satisfies { [name in Exclude<SidepanelOptionName, keyof SidepanelBaseOptions>]-?: string | TypeTable };

/** The defaults the resolver applies that are plain values, read by the resolver (see SITESEARCH_DEFAULTS). */
export const SIDEPANEL_DEFAULTS = {
  agentStudio: false,
  variant: 'floating',
  side: 'right',
  width: '360px',
  expandedWidth: '580px',
  suggestedQuestions: false,
  theme: 'light',
} as const satisfies { [name in SidepanelOptionName]?: unknown };
