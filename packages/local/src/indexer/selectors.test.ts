import { describe, expect, it } from 'vitest';
import { extractPage } from './extract.js';

/** What a site moving from Pagefind (Starlight's default) has written to keep text out of search. */
describe('the default selectors and Pagefind markers', () => {
  const page = (body: string) => `<html lang="fr"><head><meta name="sitesearch:language" content="fr"></head><body><main><h1>Titre</h1>${body}</main></body></html>`;

  it('skips elements marked data-pagefind-ignore, whatever its value, and keeps the rest', () => {
    const { records } = extractPage(
      page('<p>Texte visible.</p><div data-pagefind-ignore><p>Bannière cachée.</p></div><aside data-pagefind-ignore="all"><h2>Encart</h2><p>Publicité.</p></aside>'),
      { url: '/fr/page/' },
    );
    const text = JSON.stringify(records);
    expect(text).toContain('Texte visible.');
    for (const hidden of ['Bannière cachée.', 'Encart', 'Publicité.']) expect(text).not.toContain(hidden);
  });

  it('leaves out a page whose sitesearch:robots meta says noindex (what the Starlight plugin writes for pagefind: false)', () => {
    const html = page('<p>Brouillon.</p>').replace('<head>', '<head><meta name="sitesearch:robots" content="noindex">');
    expect(extractPage(html, { url: '/fr/brouillon/' })).toMatchObject({ records: [], skipped: 'marked noindex' });
  });

  it('gives every record the page language written in sitesearch:language, the attribute a multilingual search filters on', () => {
    const { records } = extractPage(page('<p>Texte.</p>'), { url: '/fr/page/' });
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((record) => (record as unknown as Record<string, unknown>).language)).toEqual(records.map(() => 'fr'));
  });
});
