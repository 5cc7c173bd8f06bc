/**
 * The widgets' texts in the languages the Starlight plugin ships besides English (the core's
 * defaults). A page picks the table of its Starlight language (`fr`, `fr-CA`… by their first
 * subtag); other languages come from the plugin's `translations` and `localeTranslations`.
 */
import type { SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';

/** A translation table as the options take it: any subset of the keys, data only. */
export type TranslationTable = NonNullable<SerializableSiteSearchOptions['translations']>;

const FRENCH: TranslationTable = {
  button: { buttonText: 'Rechercher', buttonAriaLabel: 'Rechercher' },
  sidepanel: {
    buttonText: 'Demander à l’IA',
    buttonAriaLabel: 'Demander à l’IA',
    titleText: 'Demander à l’IA',
    expandButtonAriaLabel: 'Agrandir le panneau',
    collapseButtonAriaLabel: 'Réduire le panneau',
    closeButtonAriaLabel: 'Fermer le panneau',
    backButtonAriaLabel: 'Retour à la conversation',
  },
  modal: {
    searchBox: {
      clearButtonTitle: 'Effacer',
      clearButtonAriaLabel: 'Effacer la recherche',
      closeButtonText: 'Fermer',
      closeButtonAriaLabel: 'Fermer',
      placeholderText: 'Rechercher dans la documentation',
      placeholderTextWithAskAi: 'Rechercher dans la documentation ou poser une question à l’IA',
      placeholderTextAskAi: 'Poser une autre question…',
      placeholderTextAskAiStreaming: 'Réponse en cours…',
      searchInputLabel: 'Rechercher',
      backToKeywordSearchButtonText: 'Retour à la recherche par mots-clés',
      backToKeywordSearchButtonAriaLabel: 'Retour à la recherche par mots-clés',
      newConversationPlaceholder: 'Posez une question',
      conversationHistoryTitle: 'Mon historique de conversations',
      startNewConversationText: 'Nouvelle conversation',
      viewConversationHistoryText: 'Historique des conversations',
    },
    startScreen: {
      recentSearchesTitle: 'Récentes',
      noRecentSearchesText: 'Aucune recherche récente',
      saveRecentSearchButtonTitle: 'Enregistrer cette recherche',
      removeRecentSearchButtonTitle: 'Retirer cette recherche de l’historique',
      favoriteSearchesTitle: 'Favoris',
      removeFavoriteSearchButtonTitle: 'Retirer cette recherche des favoris',
      recentConversationsTitle: 'Conversations récentes',
      removeRecentConversationButtonTitle: 'Retirer cette conversation de l’historique',
    },
    errorScreen: {
      titleText: 'Impossible de récupérer les résultats',
      helpText: 'Vérifiez votre connexion réseau.',
    },
    noResultsScreen: {
      noResultsText: 'Aucun résultat pour',
      suggestedQueryText: 'Essayez de rechercher',
      reportMissingResultsText: 'Cette recherche devrait-elle donner des résultats ?',
      reportMissingResultsLinkText: 'Dites-le-nous.',
    },
    resultsScreen: {
      askAiPlaceholder: 'Demander à l’IA : ',
      noResultsAskAiPlaceholder: 'Rien dans la documentation ? Demander à l’IA : ',
      resultsCountOneText: '1 résultat',
      resultsCountOtherText: '{count} résultats',
    },
    askAiScreen: {
      disclaimerText: 'Les réponses sont rédigées par une IA à partir de cette documentation et peuvent être fausses. Vérifiez les sources indiquées.',
      localDisclaimerText: 'Les réponses citent cette documentation, trouvée par la recherche ; elles ne sont pas rédigées par une IA et peuvent passer à côté. Vérifiez les pages indiquées.',
      relatedSourcesText: 'Sources associées',
      thinkingText: 'Réflexion…',
      copyButtonText: 'Copier',
      copyButtonCopiedText: 'Copié !',
      copyButtonTitle: 'Copier',
      likeButtonTitle: 'J’aime',
      dislikeButtonTitle: 'Je n’aime pas',
      stopButtonAriaLabel: 'Arrêter la réponse',
      retryButtonText: 'Réessayer',
      thanksForFeedbackText: 'Merci pour votre avis !',
      preToolCallText: 'Recherche…',
      duringToolCallText: 'Recherche de ',
      afterToolCallText: 'Recherché',
      stoppedStreamingText: 'Vous avez arrêté cette réponse',
    },
    askAiErrors: {
      networkText: 'L’assistant est injoignable. Vérifiez votre connexion réseau et réessayez.',
      loadFailedText: 'L’assistant n’a pas pu être chargé. Vérifiez votre connexion réseau et réessayez.',
      stoppedText: 'La réponse a été arrêtée.',
      cutOffText: 'La réponse a été coupée : la connexion s’est fermée avant la fin. Réessayez.',
      unreadableText: 'L’assistant a envoyé une réponse illisible. Réessayez.',
      couldNotAnswerText: 'L’assistant n’a pas pu répondre. Réessayez.',
      noAnswerText: 'L’assistant n’a envoyé aucune réponse. Réessayez.',
      unavailableText: 'L’assistant est indisponible pour le moment. Réessayez plus tard.',
      badRequestText: 'L’assistant n’a pas compris la requête.',
      unauthorizedText: 'L’assistant a refusé les identifiants de ce site.',
      forbiddenText: 'Ce site n’est pas autorisé à utiliser l’assistant.',
      notFoundText: 'Assistant introuvable. Vérifiez l’identifiant de l’assistant.',
      tooLongText: 'Cette conversation est trop longue pour l’assistant. Commencez une nouvelle conversation.',
      unprocessableText: 'L’assistant n’a pas pu traiter cette conversation.',
      rateLimitedText: 'L’assistant reçoit trop de questions. Patientez un instant et réessayez.',
      httpStatusText: 'L’assistant n’a pas pu répondre (HTTP {status}).',
      conversationLimitText: 'Cette conversation a atteint sa limite. Commencez une nouvelle conversation.',
      signInUnreadableText: 'L’assistant a envoyé une réponse illisible à la demande de connexion. Réessayez.',
      signInRefusedText: 'L’assistant a refusé de commencer une conversation. Réessayez plus tard.',
      feedbackFailedText: 'Votre avis n’a pas pu être envoyé. Réessayez.',
      feedbackUnavailableText: 'Cet assistant ne prend pas d’avis.',
      unknownText: 'Un problème est survenu pendant la réponse. Réessayez.',
    },
    footer: {
      selectText: 'Sélectionner',
      submitQuestionText: 'Envoyer la question',
      selectKeyAriaLabel: 'Touche Entrée',
      navigateText: 'Naviguer',
      navigateUpKeyAriaLabel: 'Flèche haut',
      navigateDownKeyAriaLabel: 'Flèche bas',
      closeText: 'Fermer',
      backToSearchText: 'Retour à la recherche',
      closeKeyAriaLabel: 'Touche Échap',
      poweredByText: 'Propulsé par',
    },
    newConversation: {
      newConversationTitle: 'Comment puis-je vous aider ?',
      newConversationDescription: 'Je réponds aux questions à partir de cette documentation et je renvoie aux pages utilisées.',
    },
  },
};

/** Shipped tables by language subtag; English is the core's default and needs none. */
export const SHIPPED_TRANSLATIONS: Readonly<Record<string, TranslationTable>> = { fr: FRENCH };

/** The shipped table for a BCP-47 tag (`fr-CA` → `fr`), or `undefined` (the English defaults apply). */
export const shippedTranslations = (lang: string): TranslationTable | undefined => SHIPPED_TRANSLATIONS[lang.toLowerCase().split('-')[0] ?? ''];
