/**
 * Per-page options of `<SiteSearch />`: data written in a page (a demo with other indices, a
 * page without shortcuts) that replaces the Astro config's value of the same top-level key.
 * Validated while the page renders, so a bad prop fails the build, not a visitor's click.
 */
import { earlyScriptAttributes } from '@sitesearch/islands/shell';
import type { ClientConfig, SerializableSidepanelOptions, SerializableSiteSearchOptions } from './config-types.js';
import { checkAskAiCredentials, validateSerializable } from './options.js';
import { mergeSidepanelPageOptions, validateSidepanel } from './sidepanel.js';

/** Props of `<SiteSearch />`. */
export interface SiteSearchComponentProps {
  /** Options for this page; each top-level key replaces the Astro config's. Data only. */
  options?: SerializableSiteSearchOptions;
  /** Name of an export of `clientOptionsModule` whose function options this page uses on top of its default export. */
  clientOptions?: string;
  /** Extra class names on the wrapper. */
  class?: string;
}

export { PAGE_ATTRIBUTE, OPTIONS_ATTRIBUTE, CLIENT_OPTIONS_ATTRIBUTE, SIDEPANEL_PAGE_ATTRIBUTE, SIDEPANEL_OPTIONS_ATTRIBUTE } from './page-constants.js';

/** The options a page runs with: the config's, with the page's top-level keys in their place. */
export const mergePageOptions = (config: SerializableSiteSearchOptions, page: SerializableSiteSearchOptions | undefined): SerializableSiteSearchOptions =>
  page ? { ...config, ...page } : config;

export interface PreparedPage {
  /** JSON for `data-sitesearch-options`, or `undefined` when the page adds nothing. */
  optionsAttribute: string | undefined;
  /** What the server-rendered button needs. */
  button: Pick<SerializableSiteSearchOptions, 'translations' | 'keyboardShortcuts'>;
}

/** Validates a `<SiteSearch />`'s props against the config; throws an `Error` naming the prop. */
export function preparePage(config: ClientConfig, props: SiteSearchComponentProps): PreparedPage {
  const { options, clientOptions } = props;
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new Error('sitesearch (in the "options" prop of <SiteSearch />): "options" must be an object of options, e.g. options={{ maxResultsPerGroup: 3 }}.');
  }
  if (clientOptions !== undefined && (typeof clientOptions !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(clientOptions))) {
    throw new Error(`sitesearch (in the "clientOptions" prop of <SiteSearch />): "clientOptions" must be the name of an export of "clientOptionsModule", e.g. clientOptions="customHits"; received ${JSON.stringify(clientOptions)}.`);
  }
  const merged = mergePageOptions(config.options, options);
  if (options) {
    validateSerializable(merged, 'the <SiteSearch options> prop');
    checkAskAiCredentials(merged, 'the <SiteSearch options> prop');
  }
  const hasOptions = options !== undefined && Object.keys(options).length > 0;
  return {
    optionsAttribute: hasOptions ? JSON.stringify(options) : undefined,
    button: { translations: merged.translations, keyboardShortcuts: merged.keyboardShortcuts },
  };
}

/** Props of `<Sidepanel />`. */
export interface SidepanelComponentProps {
  /** Sidepanel options for this page; each top-level key replaces the config's `sidepanel` one (`translations` add to it). Data only. */
  options?: SerializableSidepanelOptions;
  /** Extra class names on the wrapper. */
  class?: string;
}

/** What `<Sidepanel />` renders: its trigger's content and, for a page with options, the complete options. */
export interface PreparedSidepanelPage {
  /** JSON for `data-sitesearch-sidepanel-options`, or `undefined` when the page adds nothing. */
  optionsAttribute: string | undefined;
  /** What `sidepanelButtonHtml` draws (texts from `translations.sidepanel`). */
  button: { buttonText: string; buttonAriaLabel: string; side: 'right' | 'left'; showShortcutHint: boolean };
}

/** Validates a `<Sidepanel />`'s props against the config; throws an `Error` naming the option. */
export function prepareSidepanelPage(config: ClientConfig, props: SidepanelComponentProps): PreparedSidepanelPage {
  if (!config.sidepanel) {
    throw new Error('sitesearch: <Sidepanel /> needs the "sidepanel" option of the integration: sitesearch({ sidepanel: true }) in the Astro config (or an object of Sidepanel options).');
  }
  const { options } = props;
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new Error(`sitesearch (in the "options" prop of <Sidepanel />): "options" must be an object of Sidepanel options, e.g. options={{ side: 'left' }}.`);
  }
  const hasOptions = options !== undefined && Object.keys(options).length > 0;
  const merged = hasOptions ? mergeSidepanelPageOptions(config.sidepanel, options) : config.sidepanel;
  const resolved = validateSidepanel(merged, hasOptions ? 'the <Sidepanel options> prop' : 'the Astro config');
  return {
    optionsAttribute: hasOptions ? JSON.stringify(merged) : undefined,
    button: {
      buttonText: resolved.translations.sidepanel.buttonText,
      buttonAriaLabel: resolved.translations.sidepanel.buttonAriaLabel,
      side: resolved.side,
      showShortcutHint: resolved.keyboardShortcuts['Ctrl/Cmd+I'],
    },
  };
}

/**
 * The early shortcuts script (`sitesearch-early.js`), once per page. `<SiteSearch />` and
 * `<Sidepanel />` each need it (Ctrl/Cmd+K and `/`, Ctrl/Cmd+I pressed before the loader runs);
 * the first of them to render links it, and the other writes nothing, unless it would link it
 * with other attributes: the modal's shortcuts. A `<Sidepanel />` does not know a page's
 * `<SiteSearch options>`: it uses those of a `<SiteSearch />` rendered before it, the config's
 * otherwise, and a `<SiteSearch />` rendered after it with other shortcuts links its own (the
 * first script on the page listens, a second stands aside). A layout renders its slot first, so
 * a Sidepanel in a page's content often renders before the header's search button.
 */
interface EarlyScriptState {
  /** The modal's shortcuts, from a `<SiteSearch />` already rendered. */
  modal?: { shortcuts: SerializableSiteSearchOptions['keyboardShortcuts'] };
  /** A `<Sidepanel />` with Ctrl/Cmd+I on was rendered. */
  sidepanel?: boolean;
  /** The attributes of the script linked first, as JSON. */
  linked?: string;
}

// Keyed by the page's render (`Astro.request`, one per page), so nothing outlives it.
const earlyScripts = new WeakMap<object, EarlyScriptState>();

function stateOf(page: object): EarlyScriptState {
  let state = earlyScripts.get(page);
  if (!state) earlyScripts.set(page, (state = {}));
  return state;
}

function linkOnce(state: EarlyScriptState, attributes: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!attributes || state.linked === JSON.stringify(attributes)) return undefined;
  state.linked ??= JSON.stringify(attributes);
  return attributes;
}

/** `<SiteSearch />`: the early script's attributes, or `undefined` when it links none. `page` is `Astro.request`. */
export function siteSearchEarlyScript(page: object, keyboardShortcuts: SerializableSiteSearchOptions['keyboardShortcuts']): Record<string, string> | undefined {
  const state = stateOf(page);
  state.modal = { shortcuts: keyboardShortcuts };
  return linkOnce(state, earlyScriptAttributes(keyboardShortcuts, state.sidepanel));
}

/** `<Sidepanel />`: the early script's attributes, or `undefined` when it links none (Ctrl/Cmd+I off, or linked already). `page` is `Astro.request`. */
export function sidepanelEarlyScript(page: object, config: ClientConfig, ctrlI: boolean): Record<string, string> | undefined {
  const state = stateOf(page);
  if (!ctrlI) return undefined;
  state.sidepanel = true;
  if (state.linked !== undefined) return undefined;
  return linkOnce(state, earlyScriptAttributes((state.modal ?? { shortcuts: config.options.keyboardShortcuts }).shortcuts, true));
}
