/**
 * The widgets' texts for a page's language, picked in the browser from `document.documentElement.lang`
 * (Starlight writes each page's language there) and on the server from Starlight's route: shipped
 * tables, then the site's `translations` (every page), then its `localeTranslations` for the
 * language. The tables travel in `virtual:sitesearch/page-texts`, loaded with the widget: the
 * page's HTML carries none of them, only the button's own words.
 */
import { mergeObjects } from '@sitesearch/islands/ssg';
import type { TranslationTable } from './translations.js';

/** Tables by language tag (`fr`; `pt-BR`, or `pt` serving every `pt-…`). */
export type TablesByLanguage = Record<string, TranslationTable>;

/** What `virtual:sitesearch/page-texts` holds on a Starlight site (`null` elsewhere). */
export interface PageTexts {
  /** The languages SiteSearch ships besides English. */
  shipped: TablesByLanguage;
  /** The site's `localeTranslations`. */
  locale: TablesByLanguage;
  /**
   * The plugin's `languageFilter` (absent: on). Not a text, but the one other per-language
   * setting of the Starlight pages, so it travels in the same module.
   */
  languageFilter?: boolean;
}

/** The table for a tag: exact, else by its language subtag (`fr-CA` → `fr`). */
const tableFor = (tables: TablesByLanguage, lang: string): TranslationTable | undefined => tables[lang] ?? tables[lang.toLowerCase().split('-')[0] ?? ''];

/** A page's texts: shipped for its language, then `written` (the options'), then the site's for the language. */
export function localizedTranslations(written: TranslationTable | undefined, texts: PageTexts, lang: string): TranslationTable | undefined {
  return mergeObjects(mergeObjects(tableFor(texts.shipped, lang), written), tableFor(texts.locale, lang)) as TranslationTable | undefined;
}

/**
 * A page's texts for a modal without an assistant: without the sections only the chat and the
 * Sidepanel show (`sidepanel`, `modal.askAiScreen`, `modal.askAiErrors`, `modal.newConversation`),
 * which such a modal never shows. The shipped tables have them, and a table that names them makes
 * the modal's resolver load the chat's rules first (keywordOnlyOptions.ts in @sitesearch/islands):
 * a request and a round trip before a French or German page's modal opens. The site's own tables
 * were checked whole when the config loaded, so nothing is left unchecked.
 */
export function keywordSearchTexts(table: TranslationTable | undefined): TranslationTable | undefined {
  if (!table) return table;
  const { sidepanel: _sidepanel, modal, ...rest } = table;
  if (!modal) return rest;
  const { askAiScreen: _screen, askAiErrors: _errors, newConversation: _conversation, ...keywordModal } = modal;
  return { ...rest, modal: keywordModal };
}
