/**
 * Type test, enforced by `tsc` (the package's typecheck): a valid `themeConfig.sitesearch` compiles,
 * each `@ts-expect-error` line must fail to compile (tsc reports an unused one as an error).
 */
import type { Config } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import type { Props as SearchBarProps } from '@theme/SearchBar';
import type { Props as SidepanelProps } from '@theme/Sidepanel';
import type { SiteSearchThemeConfig, ThemeConfig } from './index.js';

const valid = {
  appId: 'APP',
  apiKey: 'KEY',
  indices: ['docs'],
  askAi: 'docs-assistant',
  sidepanel: { side: 'left', variant: 'inline', pushTarget: '#__docusaurus' },
  contextualSearch: false,
  searchPagePath: false,
  externalUrlRegex: 'example\\.com',
  replaceSearchResultPathname: { from: '/docs/', to: '/' },
  localIndex: { exclude: ['drafts'], defaultLvl0: 'Docs' },
} satisfies SiteSearchThemeConfig;

// The README's shape: the rest of themeConfig stays open, `sitesearch` is checked.
const siteConfig = {
  title: 'Docs',
  url: 'https://example.com',
  baseUrl: '/',
  themes: ['@sitesearch/docusaurus'],
  themeConfig: { navbar: { title: 'Docs' }, sitesearch: { sidepanel: true } } satisfies Record<string, unknown> & ThemeConfig,
} satisfies Config;

// @ts-expect-error contextualSearch is a boolean
const wrongType: SiteSearchThemeConfig = { contextualSearch: 'yes' };
// @ts-expect-error an option the theme does not have
const unknownOption: SiteSearchThemeConfig = { colour: 'red' };
// @ts-expect-error the Sidepanel's side is 'right' or 'left'
const wrongSide: SiteSearchThemeConfig = { sidepanel: { side: 'top' } };
// @ts-expect-error function options cannot be written in the config (swizzle SearchBar instead)
const functionOption: SiteSearchThemeConfig = { transformItems: (items: unknown[]) => items };
// @ts-expect-error replaceSearchResultPathname needs both from and to
const halfReplace: SiteSearchThemeConfig = { replaceSearchResultPathname: { from: '/docs/' } };

// The @theme/ module declarations shipped for swizzled components.
const searchBarProps: SearchBarProps = { transformItems: (items) => items.filter((item) => item.url !== '/') };
const sidepanelProps: SidepanelProps = { side: 'left', variant: 'inline' };
// @ts-expect-error the Sidepanel's props are checked too
const wrongSidepanelProps: SidepanelProps = { variant: 'docked' };

describe('ThemeConfig types', () => {
  it('are checked by tsc; the values exist at run time too', () => {
    expect([valid, siteConfig, wrongType, unknownOption, wrongSide, functionOption, halfReplace, searchBarProps, sidepanelProps, wrongSidepanelProps]).toHaveLength(10);
  });
});
