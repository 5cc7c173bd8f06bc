// The SiteSearch documentation and demo site: built with @sitesearch/astro and the local index
// (no credentials), so its search finds its own pages on a fresh checkout.
import { defineConfig } from 'astro/config';
import UnoCSS from '@unocss/astro';
import sitesearch from '@sitesearch/astro';

export default defineConfig({
  site: 'http://127.0.0.1:4321',
  trailingSlash: 'ignore',
  server: { host: '127.0.0.1', port: 4321 },
  // No telemetry prompts or network calls from the dev toolbar during tests.
  devToolbar: { enabled: false },
  integrations: [
    UnoCSS({ injectReset: '@unocss/reset/tailwind.css' }),
    sitesearch({
      clientOptionsModule: './src/sitesearch.client.ts',
      // Ask AI with no account: no appId/apiKey and no askAi.baseUrl, so the local assistant
      // answers in the browser from the same local index the keyword search uses.
      askAi: 'sitesearch-docs',
      // The Sidepanel with the same local assistant (and so the same conversations), on the pages
      // that place <Sidepanel /> (the Sidepanel reference and its demos): hybrid mode there.
      sidepanel: true,
      translations: { button: { buttonText: 'Search docs', buttonAriaLabel: 'Search docs' } },
    }),
  ],
});
