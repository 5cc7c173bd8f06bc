/**
 * Config-time validation: the options of `sitesearch()` in `astro.config.*` are checked once,
 * by the same validators the browser widget uses (through the plugins' shared checks in
 * `@sitesearch/islands/ssg`), and every error says it came from the Astro config so nobody hunts
 * for it in page code.
 */
import { chooseChatBackend, type ChatBackend, type ResolvedSidepanelOptions, type ResolvedSiteSearchOptions } from '@sitesearch/islands/core';
import * as ssg from '@sitesearch/islands/ssg';
import type { OptionOrigin } from '@sitesearch/islands/ssg';
import { validateSynonyms } from '@sitesearch/local/engine';
import type { ClientConfig, SerializableSidepanelOptions, SerializableSiteSearchOptions, ShellConfig, SiteSearchAstroOptions } from './config-types.js';

// The option table's split (@sitesearch/islands/ssg): data in the Astro config and component props, functions in clientOptionsModule.
export { DATA_OPTIONS, FUNCTION_OPTIONS, DEFAULT_LOCAL_INDEX, VALIDATION_CLIENT, usesLocalIndex } from '@sitesearch/islands/ssg';

/** Where an option came from, for error messages. */
export type OptionSource = 'the Astro config' | 'the Starlight config' | 'the <SiteSearch options> prop' | 'the <Sidepanel options> prop';

export const SOURCE_DETAIL: Record<OptionSource, string> = {
  'the Astro config': 'in the Astro config, integrations: [sitesearch({ … })]',
  'the Starlight config': 'in the Starlight config, plugins: [sitesearchStarlight({ … })]',
  'the <SiteSearch options> prop': 'in the "options" prop of <SiteSearch /> (@sitesearch/astro/components)',
  'the <Sidepanel options> prop': 'in the "options" prop of <Sidepanel /> (@sitesearch/astro/components)',
};

/** Each source as the shared checks take it: where, and where function options go instead. */
export const originOf = (source: OptionSource): OptionOrigin => {
  // Point at the call the user wrote: Starlight sites never write sitesearch({ … }).
  const call = source === 'the Starlight config' ? 'sitesearchStarlight({ … })' : 'sitesearch({ … })';
  return {
    where: SOURCE_DETAIL[source],
    functionValueHint: `Export it from the module named by "clientOptionsModule" in ${call} instead.`,
    functionOptionHint: (key) =>
      `the ${source === 'the Starlight config' ? 'Starlight' : 'Astro'} config and component props only carry data to the browser. Export "${key}" from the module named by "clientOptionsModule" in ${call}, e.g. export default { ${key} }.`,
  };
};

/** An error from the core validators, re-worded to say where the option was written. */
export const fromSource = (error: unknown, source: OptionSource): Error => ssg.fromOrigin(error, originOf(source));

/** An error about an option, saying where it was written. */
export const sourceError = (source: OptionSource, text: string): Error => ssg.originError(originOf(source), text);
const optionError = sourceError;

/**
 * Whatever crosses from Node to the browser has to survive JSON unchanged; anything else
 * (a function, a class instance, `undefined` inside an array, NaN) is refused with its path.
 */
export const assertSerializable = (value: unknown, path: string, source: OptionSource): void => ssg.assertSerializable(value, path, originOf(source));

/** Drops `undefined` values so the serialized config says only what the user wrote. */
const defined = <T extends object>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/**
 * Runs the core validators over serializable options, as the browser will see them; with the
 * local index a stand-in client takes the place of the credentials.
 */
export const validateSerializable = (options: SerializableSiteSearchOptions, source: OptionSource): ResolvedSiteSearchOptions => ssg.validateSerializable(options, originOf(source));

export interface ValidatedIntegrationOptions extends ssg.ValidatedSiteOptions {
  clientOptionsModule: string | undefined;
  localIndex: SiteSearchAstroOptions['localIndex'];
  /** Who answers Ask AI (`local`: the local assistant over the local index), or `undefined` without `askAi`. */
  chatBackend: ChatBackend | undefined;
  /** The Sidepanel, completed from `askAi` and the local index, or `undefined` without `sidepanel`. */
  sidepanel: { options: SerializableSidepanelOptions; resolved: ResolvedSidepanelOptions } | undefined;
}

/**
 * With the local index, the assistant's own credentials must come in pairs: the core falls back
 * to the top-level ones, and there are none, so `askAi.appId` alone would quietly mean the local
 * assistant instead of the hosted one the user asked for.
 */
export const checkAskAiCredentials = (options: SerializableSiteSearchOptions, source: OptionSource): void => ssg.checkAskAiCredentials(options, originOf(source));

/**
 * Validates the options of `sitesearch()` (or of the Starlight plugin, `source`); throws an
 * `Error` naming the option and the config it was written in.
 */
export function validateIntegrationOptions(input: unknown, source: 'the Astro config' | 'the Starlight config' = 'the Astro config'): ValidatedIntegrationOptions {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw optionError(source, `${source === 'the Astro config' ? 'sitesearch()' : 'sitesearchStarlight()'} takes an object of options; received ${Array.isArray(input) ? 'an array' : input === null ? 'null' : `a ${typeof input}`}.`);
  }
  const { clientOptionsModule, localIndex, sidepanel: sidepanelOption, ...rest } = defined((input ?? {}) as SiteSearchAstroOptions);
  if (clientOptionsModule !== undefined && (typeof clientOptionsModule !== 'string' || clientOptionsModule.trim() === '')) {
    throw optionError(source, 'option "clientOptionsModule" must be a path from the project root, e.g. "./src/sitesearch.client.ts".');
  }
  if (localIndex !== undefined) {
    if (typeof localIndex !== 'object' || localIndex === null || Array.isArray(localIndex)) {
      throw optionError(source, 'option "localIndex" must be an object, e.g. { exclude: ["drafts"] }.');
    }
    for (const key of Object.keys(localIndex)) {
      if (key !== 'exclude' && key !== 'defaultLvl0' && key !== 'pageRank' && key !== 'synonyms') {
        throw optionError(source, `unknown option "localIndex.${key}"; "localIndex" accepts "exclude", "defaultLvl0", "pageRank" and "synonyms".`);
      }
    }
    if (localIndex.exclude !== undefined && (!Array.isArray(localIndex.exclude) || localIndex.exclude.some((item) => typeof item !== 'string'))) {
      throw optionError(source, 'option "localIndex.exclude" must be an array of folder names, e.g. ["drafts"].');
    }
    if (localIndex.defaultLvl0 !== undefined && typeof localIndex.defaultLvl0 !== 'string') {
      throw optionError(source, 'option "localIndex.defaultLvl0" must be a string.');
    }
    const { pageRank } = localIndex;
    if (pageRank !== undefined && (typeof pageRank !== 'object' || pageRank === null || Array.isArray(pageRank) || Object.values(pageRank).some((rank) => typeof rank !== 'number' || !Number.isFinite(rank)))) {
      throw optionError(source, 'option "localIndex.pageRank" must be an object of URL patterns and numbers, e.g. { "/blog/*": -1 }.');
    }
    // A file is read (and checked) when the config is set up, where the project root is known.
    const { synonyms } = localIndex;
    if (synonyms !== undefined && !(typeof synonyms === 'string' && synonyms.trim() !== '') && !Array.isArray(synonyms)) {
      throw optionError(source, 'option "localIndex.synonyms" must be the path of a JSON file (from the project root) or an array of synonyms, e.g. [{ objectID: "flaky", type: "oneWaySynonym", input: "flaky", synonyms: ["retry"] }].');
    }
    if (Array.isArray(synonyms)) {
      try {
        validateSynonyms(synonyms, 'option "localIndex.synonyms"');
      } catch (error) {
        throw optionError(source, `${(error as Error).message}.`);
      }
    }
  }
  const local = ssg.usesLocalIndex(rest);
  const options: SerializableSiteSearchOptions = ssg.withDefaultLocalIndex(rest);
  const resolved = validateSerializable(options, source);
  checkAskAiCredentials(options, source);
  const sidepanel = ssg.validateSidepanelOption(sidepanelOption, { options, resolved, local }, originOf(source));
  return { options, resolved, clientOptionsModule, localIndex, local, chatBackend: resolved.askAi && chooseChatBackend(resolved.askAi), sidepanel };
}

/** The loader's share of the config: enough for shortcuts and preconnect, nothing more. */
export const shellConfig = (validated: ValidatedIntegrationOptions): ShellConfig => ssg.shellConfig(validated);

/** The widget's share of the config. */
export const clientConfig = (validated: ValidatedIntegrationOptions, base: string): ClientConfig => ssg.clientConfig(validated, base);
