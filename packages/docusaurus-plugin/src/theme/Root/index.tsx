/**
 * Wraps every page once: adds the Sidepanel (its trigger and, on demand, the panel) when
 * `themeConfig.sitesearch.sidepanel` asks for it. It shares the modal's assistant, so a question
 * asked in one continues in the other.
 */
import type { ReactNode } from 'react';
import { Sidepanel } from '@sitesearch/islands/react';
import type { SidepanelProps } from '@sitesearch/islands/core';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';

export default function Root({ children }: { children: ReactNode }) {
  const { sidepanel } = useSiteSearchConfig();
  return (
    <>
      {children}
      {sidepanel ? <Sidepanel {...(sidepanel as unknown as SidepanelProps)} /> : null}
    </>
  );
}
