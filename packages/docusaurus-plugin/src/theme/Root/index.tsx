/**
 * Wraps every page once: adds the Sidepanel theme component (which renders nothing unless
 * `themeConfig.sitesearch.sidepanel` asks for it). Imported through `@theme/` so a swizzled
 * Sidepanel replaces ours.
 */
import type { ReactNode } from 'react';
import Sidepanel from '@theme/Sidepanel';

export default function Root({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Sidepanel />
    </>
  );
}
