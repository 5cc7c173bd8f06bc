/**
 * The panel's and the chat's stylesheets, as URLs (the `?sitesearch-url` rule of the plugin's
 * `configureWebpack`; see SearchBar/stylesheets.ts): linked when the panel loads, never up front.
 */
import panel from '@sitesearch/docusaurus-stylesheets/sidepanel.css?sitesearch-url';
import chat from '@sitesearch/docusaurus-stylesheets/chat.css?sitesearch-url';

const url = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export const panelStylesheets: string[] = [url(panel)].filter((value): value is string => value !== undefined);
export const chatStylesheet: string | undefined = url(chat);
