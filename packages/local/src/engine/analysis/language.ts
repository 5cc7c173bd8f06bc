/** Languages as the index records them: the primary subtag of a `lang` attribute. */

const PRIMARY_SUBTAG = /^([a-z]{2,3})(?:[-_]|$)/i;

/**
 * `zh-Hans-CN` → `zh`, `EN_us` → `en`, `nb` and `nn` (Norwegian's two written standards, one
 * stemmer) → `no`; `undefined` for an empty tag (`lang=""`, "unknown"), `und`, private tags
 * (`x-…`) and anything that is not a language tag. Region and script do not change how words
 * are segmented or stemmed, so the index keeps one name per language.
 */
export function normalizeLanguage(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  const match = PRIMARY_SUBTAG.exec(tag.trim());
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  if (language === 'nb' || language === 'nn') return 'no';
  return language === 'und' ? undefined : language;
}

/**
 * The languages `stem.ts` has a stemmer for, listed here too so that the indexer can name the
 * others without loading the stemmers (a test checks that the two lists agree).
 */
export const STEMMED_LANGUAGES: ReadonlySet<string> = new Set(['en', 'fr', 'de', 'es', 'pt', 'it', 'nl', 'ru', 'sv', 'da', 'no', 'fi']);

/** Languages written without spaces between words: segmented (`segment.ts`), never stemmed, so never reported as lacking a stemmer. */
export const SEGMENTED_LANGUAGES: ReadonlySet<string> = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my']);
