/**
 * The theme's texts in the locale being built, returned by the plugin's
 * `getDefaultCodeTranslationMessages`: theme-search-algolia's, as @docusaurus/theme-translations
 * ships them for some thirty languages (the ids the theme shares with it: the modal's, the
 * search page's), with the theme's own French on top (its own ids, and its search page's
 * wording). A site's own `i18n/<locale>/code.json` wins over both (Docusaurus merges that file on
 * top), which is also how a site adds a language or a text nobody ships (`docusaurus
 * write-translations` lists the ids). The ids are theme-search-algolia's where the text means the
 * same, so a site moving over keeps its translations.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

// French typography: a no-break space inside « » and before a colon or a question mark, so neither starts a line.
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
  // The modal's and the Sidepanel's texts that theme-search-algolia has no id for (theme/translatedTexts.ts).
  'theme.SearchModal.searchBox.clearButtonTitle': 'Effacer',
  'theme.SearchModal.searchBox.closeButtonText': 'Fermer',
  'theme.SearchModal.searchBox.closeButtonAriaLabel': 'Fermer',
  'theme.SearchModal.searchBox.placeholderTextWithAskAi': 'Rechercher des docs ou poser une question à l’IA',
  'theme.SearchModal.searchBox.newConversationPlaceholder': 'Posez une question',
  'theme.SearchModal.searchBox.conversationHistoryTitle': 'Mon historique de conversations',
  'theme.SearchModal.searchBox.startNewConversationText': 'Nouvelle conversation',
  'theme.SearchModal.searchBox.viewConversationHistoryText': 'Historique des conversations',
  'theme.SearchModal.resultsScreen.noResultsAskAiPlaceholder': 'Rien dans la documentation\u00a0? Demander à l’IA\u00a0: ',
  'theme.SearchModal.resultsScreen.resultsCountOneText': '1 résultat',
  'theme.SearchModal.resultsScreen.resultsCountOtherText': '{count} résultats',
  'theme.SearchModal.askAiScreen.localDisclaimerText': 'Les réponses citent cette documentation, trouvée par la recherche\u00a0; elles ne sont pas rédigées par une IA et peuvent passer à côté. Vérifiez les pages indiquées.',
  'theme.SearchModal.askAiScreen.stopButtonAriaLabel': 'Arrêter la réponse',
  'theme.SearchModal.askAiScreen.retryButtonText': 'Réessayer',
  'theme.SearchModal.askAiScreen.stoppedStreamingText': 'Vous avez arrêté cette réponse',
  'theme.SearchModal.askAiErrors.networkText': 'L’assistant est injoignable. Vérifiez votre connexion réseau et réessayez.',
  'theme.SearchModal.askAiErrors.loadFailedText': 'L’assistant n’a pas pu être chargé. Vérifiez votre connexion réseau et réessayez.',
  'theme.SearchModal.askAiErrors.stoppedText': 'La réponse a été arrêtée.',
  'theme.SearchModal.askAiErrors.cutOffText': 'La réponse a été coupée\u00a0: la connexion s’est fermée avant la fin. Réessayez.',
  'theme.SearchModal.askAiErrors.unreadableText': 'L’assistant a envoyé une réponse illisible. Réessayez.',
  'theme.SearchModal.askAiErrors.couldNotAnswerText': 'L’assistant n’a pas pu répondre. Réessayez.',
  'theme.SearchModal.askAiErrors.noAnswerText': 'L’assistant n’a envoyé aucune réponse. Réessayez.',
  'theme.SearchModal.askAiErrors.unavailableText': 'L’assistant est indisponible pour le moment. Réessayez plus tard.',
  'theme.SearchModal.askAiErrors.badRequestText': 'L’assistant n’a pas compris la requête.',
  'theme.SearchModal.askAiErrors.unauthorizedText': 'L’assistant a refusé les identifiants de ce site.',
  'theme.SearchModal.askAiErrors.forbiddenText': 'Ce site n’est pas autorisé à utiliser l’assistant.',
  'theme.SearchModal.askAiErrors.notFoundText': 'Assistant introuvable. Vérifiez l’identifiant de l’assistant.',
  'theme.SearchModal.askAiErrors.tooLongText': 'Cette conversation est trop longue pour l’assistant. Commencez une nouvelle conversation.',
  'theme.SearchModal.askAiErrors.unprocessableText': 'L’assistant n’a pas pu traiter cette conversation.',
  'theme.SearchModal.askAiErrors.rateLimitedText': 'L’assistant reçoit trop de questions. Patientez un instant et réessayez.',
  'theme.SearchModal.askAiErrors.httpStatusText': 'L’assistant n’a pas pu répondre (HTTP {status}).',
  'theme.SearchModal.askAiErrors.conversationLimitText': 'Cette conversation a atteint sa limite. Commencez une nouvelle conversation.',
  'theme.SearchModal.askAiErrors.signInUnreadableText': 'L’assistant a envoyé une réponse illisible à la demande de connexion. Réessayez.',
  'theme.SearchModal.askAiErrors.signInRefusedText': 'L’assistant a refusé de commencer une conversation. Réessayez plus tard.',
  'theme.SearchModal.askAiErrors.feedbackFailedText': 'Votre avis n’a pas pu être envoyé. Réessayez.',
  'theme.SearchModal.askAiErrors.feedbackUnavailableText': 'Cet assistant ne prend pas d’avis.',
  'theme.SearchModal.askAiErrors.unknownText': 'Un problème est survenu pendant la réponse. Réessayez.',
  'theme.SearchModal.newConversation.newConversationTitle': 'Comment puis-je vous aider\u00a0?',
  'theme.SearchModal.newConversation.newConversationDescription': 'Je réponds aux questions à partir de cette documentation et je renvoie aux pages utilisées.',
  'theme.Sidepanel.buttonText': 'Demander à l’IA',
  'theme.Sidepanel.buttonAriaLabel': 'Demander à l’IA',
  'theme.Sidepanel.titleText': 'Demander à l’IA',
  'theme.Sidepanel.expandButtonAriaLabel': 'Agrandir le panneau',
  'theme.Sidepanel.collapseButtonAriaLabel': 'Réduire le panneau',
  'theme.Sidepanel.closeButtonAriaLabel': 'Fermer le panneau',
  'theme.Sidepanel.backButtonAriaLabel': 'Retour à la conversation',
};

const BY_LANGUAGE: Record<string, Record<string, string>> = { fr: FRENCH };

/** The theme's own texts for a locale (`fr`, `fr-CA`… by their language), none for the others (the English defaults in the code apply). */
export function shippedTranslations(locale: string): Record<string, string> {
  return BY_LANGUAGE[locale.split('-')[0]!.toLowerCase()] ?? {};
}

type ThemeTranslations = { readDefaultCodeTranslationMessages(options: { locale: string; name: string }): Promise<Record<string, string>> };

/**
 * @docusaurus/theme-translations as the site has it: a dependency of the classic theme (so of
 * every site with a navbar), not of ours, which keeps the texts those of the site's Docusaurus.
 * Looked up from the site, then from here; directly (npm and yarn hoist it), else through the
 * classic theme or preset (pnpm keeps each package's dependencies to itself).
 */
function siteThemeTranslations(siteDir: string): ThemeTranslations | undefined {
  for (const start of [join(siteDir, 'package.json'), import.meta.url]) {
    for (const via of [[], ['@docusaurus/theme-classic'], ['@docusaurus/preset-classic', '@docusaurus/theme-classic']]) {
      try {
        let from = createRequire(start);
        for (const name of via) from = createRequire(from.resolve(`${name}/package.json`));
        return from('@docusaurus/theme-translations') as ThemeTranslations;
      } catch {
        // Not there: the next way.
      }
    }
  }
  return undefined;
}

/**
 * theme-search-algolia's ids the theme has no text for (`docusaurus write-translations` warns
 * about a default message nothing translates): a button it does not have, the `enterkeyhint`
 * values (an attribute's keywords, not words), the provider's credit on the search page.
 */
const UNUSED_IDS = ['theme.SearchModal.searchBox.cancelButtonText', 'theme.SearchModal.searchBox.enterKeyHint', 'theme.SearchModal.searchBox.enterKeyHintAskAi', 'theme.SearchPage.algoliaLabel'];

/**
 * Every text the theme supplies for `locale`: theme-search-algolia's shipped translations (none
 * when @docusaurus/theme-translations cannot be found or has no such language), under the theme's own.
 */
export async function defaultCodeTranslations(locale: string, siteDir: string): Promise<Record<string, string>> {
  const shipped = (await siteThemeTranslations(siteDir)?.readDefaultCodeTranslationMessages({ locale, name: 'theme-search-algolia' }).catch(() => undefined)) ?? {};
  for (const id of UNUSED_IDS) delete shipped[id];
  return { ...shipped, ...shippedTranslations(locale) };
}
