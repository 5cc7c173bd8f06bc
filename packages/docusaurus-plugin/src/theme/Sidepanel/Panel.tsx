/**
 * The Sidepanel's chunk, imported on intent: its options completed from the config (`askAi`, the
 * local assistant, the page's locale and its texts) with the props given to `Sidepanel` on top,
 * rendered by `SidepanelPanel`.
 */
import { useMemo } from 'react';
import { SidepanelPanel, type SidepanelPanelProps } from '@sitesearch/islands/react/lazy-panel';
import type { SidepanelProps } from '@sitesearch/islands/core';
import { mergeObjects } from '@sitesearch/islands/ssg';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';
import { chatTexts, keywordTexts, sidepanelTexts } from '../translatedTexts.js';

export default function Panel({ options, ...rest }: SidepanelPanelProps) {
  const { sidepanel } = useSiteSearchConfig();
  // The locale's texts (the chat reads some of the search box's too), under the written ones:
  // the config's, then the trigger's and the props' (`options`).
  const localeTexts = useMemo(() => mergeObjects(mergeObjects(keywordTexts(), chatTexts()), sidepanelTexts()), []);
  const translations = mergeObjects(mergeObjects(localeTexts, sidepanel?.translations), options.translations) as SidepanelProps['translations'];
  // `options`: the trigger's options (the same values as the config's) and Sidepanel's props.
  return <SidepanelPanel options={{ ...(sidepanel as unknown as SidepanelProps), ...options, translations }} {...rest} />;
}
