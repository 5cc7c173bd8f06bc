/**
 * What the Sidepanel's trigger needs before anyone asks, read straight from
 * `themeConfig.sitesearch` (checked at build time): its side, shortcut and texts. The rest of the
 * panel's options are completed in its chunk (Panel.tsx). Each value is the one the panel's
 * options hold (its translations are the top-level ones with its own on top, as the config's
 * completion merges them), so either may win.
 */
import { useMemo } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { translate } from '@docusaurus/Translate';
import type { SidepanelProps } from '@sitesearch/islands/core';
import type { ThemeConfig } from '../../types.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `over` deep-merged onto `base` (plain objects only), as the config's completion does with
 * `mergeObjects` of `@sitesearch/islands/ssg`: restated because this runs up front on every page,
 * and importing that module put 0.36 KB gzip more into the fixture site's main bundle (measured).
 */
function merge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = merge(base[key], value);
  return merged;
}

/** The trigger's options, or `undefined` when the config has no Sidepanel. */
export function useTriggerOptions(): Partial<SidepanelProps> | undefined {
  const { siteConfig } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  return useMemo(() => {
    const written = config.sidepanel;
    if (written === undefined || written === false) return undefined;
    const own = written === true ? {} : written;
    const options: Partial<SidepanelProps> = {};
    if (own.side !== undefined) options.side = own.side;
    if (own.keyboardShortcuts !== undefined) options.keyboardShortcuts = own.keyboardShortcuts;
    // Only the trigger's own words up front (the panel's are translated in its chunk:
    // translatedTexts.ts), under the written ones; none when untranslated, so an English page
    // renders the same trigger.
    const buttonText = translate({ id: 'theme.Sidepanel.buttonText', message: 'Ask AI', description: "The text of the Sidepanel's trigger button" });
    const buttonAriaLabel = translate({ id: 'theme.Sidepanel.buttonAriaLabel', message: 'Ask AI', description: "The ARIA label of the Sidepanel's trigger button; keep it starting with its text" });
    const locale = { ...(buttonText !== 'Ask AI' && { buttonText }), ...(buttonAriaLabel !== 'Ask AI' && { buttonAriaLabel }) };
    const translations = merge(Object.keys(locale).length ? { sidepanel: locale } : undefined, merge(config.translations, own.translations));
    if (translations !== undefined) options.translations = translations as SidepanelProps['translations'];
    return options;
  }, [config]);
}
