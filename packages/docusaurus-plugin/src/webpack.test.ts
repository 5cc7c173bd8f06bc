import { readFileSync } from 'node:fs';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';
import type { LoadContext } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import themeSiteSearch from './index.js';
import { validateThemeConfig } from './options.js';

/** The plugin for a site with this `themeConfig.sitesearch`. */
function plugin(sitesearch: Record<string, unknown> = {}) {
  const config = validateThemeConfig({ themeConfig: { sitesearch }, validate: normalizeThemeConfig });
  return themeSiteSearch({ siteConfig: { title: 'Docs', url: 'https://docs.example.com', themeConfig: config }, baseUrl: '/', siteDir: '/site', i18n: { currentLocale: 'en' } } as unknown as LoadContext);
}

/** Docusaurus' two CSS rules (plain and modules), as its webpack config writes them. */
const docusaurusRules = () => [
  { test: /\.[jt]sx?$/i, exclude: () => false, use: [] },
  { test: /\.css$/i, exclude: /\.module\.css$/i, use: ['css-loader'] },
  { test: /\.module\.css$/i, use: ['css-loader'] },
];

type WebpackResult = { module: { rules: Array<{ type?: string; resourceQuery?: RegExp; generator?: { emit?: boolean } }> }; resolve: { alias: Record<string, string> } };
const configure = (sitesearch: Record<string, unknown>, rules: unknown[], isServer = false) =>
  (plugin(sitesearch).configureWebpack as (config: unknown, isServer: boolean) => WebpackResult)({ mode: 'production', module: { rules } }, isServer);

describe('the theme’s webpack config', () => {
  it('links only the button’s styles on every page, and the Sidepanel trigger’s on sites with a Sidepanel', () => {
    const modules = (sitesearch?: Record<string, unknown>) => (plugin(sitesearch).getClientModules as () => string[])();
    expect(modules()).toHaveLength(1);
    expect(readFileSync(modules()[0]!, 'utf8')).toContain('.sitesearch-button');
    expect(readFileSync(modules()[0]!, 'utf8')).not.toContain('.sitesearch-modal');
    expect(modules({ sidepanel: true }).map((file) => file.split('/').pop())).toEqual(['button.css', 'sidepanel-button.css']);
  });

  it('turns `?sitesearch-url` stylesheet imports into files of their own, left alone by Docusaurus’ CSS rules', () => {
    const rules = docusaurusRules();
    const result = configure({}, rules);
    expect(rules[1]).toMatchObject({ resourceQuery: { not: [expect.any(RegExp)] } });
    // The stylesheets' names are not `.module.css`: the CSS modules rule never sees them.
    expect(rules[2]).not.toHaveProperty('resourceQuery');
    expect(rules[0]).not.toHaveProperty('resourceQuery');
    const [asset] = result.module.rules;
    expect(asset).toMatchObject({ type: 'asset/resource', generator: { emit: true } });
    expect(asset!.resourceQuery!.test('?sitesearch-url')).toBe(true);
    expect(configure({}, docusaurusRules(), true).module.rules[0]!.generator!.emit).toBe(false);
    // The alias the theme imports the stylesheets through: the islands' built styles.
    expect(readFileSync(`${result.resolve.alias['@sitesearch/docusaurus-stylesheets']}/modal.css`, 'utf8')).toContain('.sitesearch-modal');
  });

  it('adds no rule when it recognises none of Docusaurus’ CSS rules (the stylesheets then join the site’s file)', () => {
    const rules = [{ test: /\.[jt]sx?$/i, use: [] }];
    expect(configure({}, rules).module.rules).toEqual([]);
    expect(rules[0]).not.toHaveProperty('resourceQuery');
  });

  it('resolves the Sidepanel trigger to the islands’ component only on sites with a Sidepanel', () => {
    const trigger = (sitesearch: Record<string, unknown>) => configure(sitesearch, docusaurusRules()).resolve.alias['@sitesearch/docusaurus-sidepanel-trigger$']!;
    expect(trigger({})).toMatch(/theme[\\/]Sidepanel[\\/]noTrigger\.js$/);
    expect(trigger({ sidepanel: true })).toMatch(/islands[\\/]dist[\\/]lib[\\/]entries[\\/]reactLazy\.js$/);
  });
});
