/**
 * The search page's texts in the languages the theme ships, returned by the plugin's
 * `getDefaultCodeTranslationMessages` for the locale being built. A site's own
 * `i18n/<locale>/code.json` wins over them (Docusaurus merges that file on top), which is also how
 * a site adds a language the theme does not ship (`docusaurus write-translations` lists the ids).
 * The ids are theme-search-algolia's where the text means the same, so a site moving over keeps
 * its translations.
 */
// French typography: a no-break space inside « » and before a colon, so neither starts a line.
const FRENCH: Record<string, string> = {
  'theme.SearchPage.emptyResultsTitle': 'Rechercher dans la documentation',
  'theme.SearchPage.existingResultsTitle': 'Résultats de recherche pour «\u00a0{query}\u00a0»',
  'theme.SearchPage.inputLabel': 'Rechercher',
  'theme.SearchPage.inputPlaceholder': 'Saisissez les mots à trouver dans la documentation',
  'theme.SearchPage.fetchErrorText': 'Les résultats n’ont pas pu être chargés. Vérifiez votre connexion, puis réessayez.',
  'theme.SearchPage.noResultsText': 'Aucun résultat pour ces mots',
  'theme.SearchPage.documentsFound.plurals': 'Un résultat|{count} résultats',
  'theme.SearchPage.fetchingNewResults': 'Chargement d’autres résultats…',
  'theme.SearchPage.fetchMoreErrorText': 'Les résultats suivants n’ont pas pu être chargés.',
  'theme.SearchPage.retryButtonText': 'Réessayer',
  'theme.SearchPage.loadMoreButtonText': 'Afficher plus de résultats',
  'theme.SearchPage.versionLabel': 'Version',
  'theme.SearchPage.versionLabelOfPlugin': 'Version ({pluginId})',
  'theme.SearchPage.allVersions': 'Toutes les versions',
  'theme.SearchPage.otherLocales': 'Rechercher dans une autre langue\u00a0:',
  'theme.SearchBar.seeAll': 'Voir {count} résultat|Voir les {count} résultats',
};

const BY_LANGUAGE: Record<string, Record<string, string>> = { fr: FRENCH };

/** The shipped texts for a locale (`fr`, `fr-CA`… by their language), none for the others (the English defaults in the code apply). */
export function searchPageTranslations(locale: string): Record<string, string> {
  return BY_LANGUAGE[locale.split('-')[0]!.toLowerCase()] ?? {};
}
