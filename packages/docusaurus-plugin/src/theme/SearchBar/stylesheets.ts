/**
 * The modal's and the chat's stylesheets, as URLs: the theme's webpack rule (`?sitesearch-url`,
 * under the alias `@sitesearch/docusaurus-stylesheets`: both in the plugin's `configureWebpack`) emits them as files of their own instead of adding them to
 * the site's one stylesheet, so no page loads them before someone searches. The loader links the
 * modal's on intent and awaits it before the modal shows; the chat links its own on first use.
 * Where the rule could not be added, the imports fall back to the site's stylesheet (the values
 * are then not URLs, and are left out).
 */
import modal from '@sitesearch/docusaurus-stylesheets/modal.css?sitesearch-url';
import chat from '@sitesearch/docusaurus-stylesheets/chat.css?sitesearch-url';

const url = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export const modalStylesheets: string[] = [url(modal)].filter((value): value is string => value !== undefined);
export const chatStylesheet: string | undefined = url(chat);
