/**
 * The Sidepanel as an island of a React tree, for both React entries: `react.tsx` imports the
 * panel from this package, `reactLazy.tsx` from a chunk the site names. The trigger's loader
 * (intent → import → mount → replay the keys), and once mounted the panel's component with the
 * relay through which hybrid mode hands it a question before it has rendered.
 */
import { useRef, useState } from 'react';
import type { SearchClientLike } from '../core/options/types.js';
import { intentHints } from '../shell/preconnect.js';
import { createSidepanelLoader } from '../shell/sidepanelLoader.js';
import { createAskRelay } from '../ui/sidepanel/askRelay.js';
import type { SidepanelMountContext } from '../ui/sidepanel/contract.js';
import { useIsland } from './useIsland.js';

export interface MountedPanel<Panel> {
  Panel: Panel;
  context: SidepanelMountContext;
  registerAsk: ReturnType<typeof createAskRelay>['registerAsk'];
}

export interface SidepanelIslandSetup<Panel> {
  /** Whether `Ctrl/Cmd+I` toggles the panel. */
  ctrlI: boolean;
  /** Read when the loader starts: the provider to preconnect to, or the client to warm. */
  options: { appId?: string; searchClient?: SearchClientLike };
  /** Linked on intent and awaited before the panel shows. */
  stylesheets?: readonly string[];
  /** The panel's component, imported on intent. */
  loadPanel(): Promise<Panel>;
}

export function useSidepanelIsland<Panel>(setup: SidepanelIslandSetup<Panel>) {
  // The loader lives as long as its keys and stylesheets: the rest is read when it runs.
  const latest = useRef(setup);
  latest.current = setup;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState<MountedPanel<Panel> | null>(null);
  const { ctrlI } = setup;
  const stylesheetKey = (setup.stylesheets ?? []).join('\n');

  useIsland(() => {
    const button = buttonRef.current;
    if (!button) return;
    return createSidepanelLoader({
      root: button,
      keyboardShortcuts: { 'Ctrl/Cmd+I': ctrlI },
      ...intentHints(latest.current.options),
      stylesheets: stylesheetKey ? stylesheetKey.split('\n') : [],
      load: () =>
        latest.current.loadPanel().then((Panel) => (context: SidepanelMountContext) => {
          const relay = createAskRelay(context.store.open);
          setMounted({ Panel, context, registerAsk: relay.registerAsk });
          return { unmount: () => setMounted(null), ask: relay.ask };
        }),
    });
  }, [ctrlI, stylesheetKey]);

  return { buttonRef, mounted };
}
