/**
 * `@sitesearch/islands/react`: the React components. `SiteSearch` server-renders the search
 * button (the same markup as the SSR shell) and loads the modal, built with the page's own React,
 * on the first interaction; `Sidepanel` does the same with the Sidepanel's trigger and panel. Both
 * go through the page coordinator (one shortcut listener, one surface open, hybrid mode).
 */
import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { resolveSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { ResultsFooterState, SearchClientLike, SiteSearchProps, TemplateHelpers } from '../core/options/types.js';
import type { DocHit } from '../core/records.js';
import { resolveSidepanelOptions } from '../core/options/sidepanelOptions.js';
import type { SidepanelProps } from '../core/options/types.js';
import { createLoader, type MountContext } from '../shell/loader.js';
import { SidepanelButton } from '../ui/SidepanelButton.js';
import { intentHints } from '../shell/preconnect.js';
import { SearchButton } from '../ui/SearchButton.js';
import type { SearchModalHostProps } from '../ui/SearchModalHost.js';
import type { AskAiAddon } from '../ui/modal/askAiRuntime.js';
import { loadSearchClient } from '../ui/searchClient.js';
import { loadTemplateSupport, needsTemplateSupport } from '../ui/templateSupport.js';
import { useStableOptions } from '../ui/useStableOptions.js';
import { takenOnce, useIsland } from './useIsland.js';
import { useSidepanelIsland } from './useSidepanelIsland.js';

interface Mounted {
  Host: ComponentType<SearchModalHostProps>;
  context: MountContext;
  searchClient: SearchClientLike | Promise<SearchClientLike>;
  askAiAddon: AskAiAddon | undefined;
}

/** Props of `SiteSearch`: the options of the search modal, with templates typed for React. */
export interface SiteSearchReactProps extends Omit<SiteSearchProps, 'hitComponent' | 'resultsFooterComponent'> {
  /** Renders each hit; `children` is the default rendering. Return JSX (a link becomes the option) or a string. */
  hitComponent?: (props: { hit: DocHit; children: ReactNode }, helpers: TemplateHelpers) => ReactNode;
  /** Rendered below the results; the number of hits is `state.context.nbHits`. */
  resultsFooterComponent?: (props: { state: ResultsFooterState }, helpers: TemplateHelpers) => ReactNode;
}

/** The search button and, on demand, the search modal. */
export function SiteSearch(props: SiteSearchReactProps) {
  const options = resolveSiteSearchOptions(props, 'react');
  // Function options may be new on every render; the modal reads the latest through this ref.
  const latest = useRef(options);
  latest.current = options;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState<Mounted | null>(null);
  const { 'Ctrl/Cmd+K': ctrlK, '/': slash } = options.keyboardShortcuts;

  useIsland(() => {
    const button = buttonRef.current;
    if (!button) return;
    const current = latest.current;
    return createLoader({
      root: button,
      keyboardShortcuts: { 'Ctrl/Cmd+K': ctrlK, '/': slash },
      ...intentHints(current),
      load: () =>
        // Ask AI's parts around the chat come with the modal only on sites that use it.
        // Template support (htm, the error boundary) only when a template option is set.
        Promise.all([
          import('../ui/SearchModalHost.js'),
          current.askAi ? import('../ui/modal/askAiAddon.js') : undefined,
          needsTemplateSupport(current) && loadTemplateSupport(),
        ]).then(([{ SearchModalHost }, askAiAddon]) => {
          // Not awaited: the modal opens at once while the lite client (if needed) loads alongside.
          const searchClient = loadSearchClient(current);
          return (context: MountContext) => {
            setMounted({ Host: SearchModalHost, context: { ...context, takePendingQuery: takenOnce(context.takePendingQuery, context.modalStore) }, searchClient, askAiAddon });
            return { unmount: () => setMounted(null) };
          };
        }),
    });
  }, [ctrlK, slash]);

  const stableOptions = useStableOptions(options, latest);
  const Host = mounted?.Host;
  return (
    <>
      <SearchButton ref={buttonRef} {...options.translations.button} showShortcutHint={ctrlK} />
      {Host && mounted
        ? createPortal(
            <Host
              options={stableOptions}
              searchClient={stableOptions.searchClient ?? mounted.searchClient}
              modalStore={mounted.context.modalStore}
              environment={window}
              takePendingQuery={mounted.context.takePendingQuery}
              onClosed={mounted.context.returnFocus}
              askAiAddon={mounted.askAiAddon}
              handOffQuestion={mounted.context.handOffQuestion}
              reportScreen={mounted.context.reportScreen}
            />,
            options.portalContainer ?? document.body,
          )
        : null}
    </>
  );
}

/**
 * The Sidepanel's trigger and, on demand, the panel (rendered with the page's React into
 * `portalContainer`, default `document.body`). The trigger is the same markup as the SSR shell's;
 * the panel only renders after the first interaction, so hydration never meets it.
 */
export function Sidepanel(props: SidepanelProps) {
  const options = resolveSidepanelOptions(props, 'react');
  const ctrlI = options.keyboardShortcuts['Ctrl/Cmd+I'];
  const { buttonRef, mounted } = useSidepanelIsland({
    ctrlI,
    options,
    loadPanel: () => import('../ui/sidepanel/SidepanelHost.js').then(({ SidepanelHost }) => SidepanelHost),
  });

  const texts = options.translations.sidepanel;
  const Host = mounted?.Panel;
  return (
    <>
      <SidepanelButton ref={buttonRef} buttonText={texts.buttonText} buttonAriaLabel={texts.buttonAriaLabel} side={options.side} showShortcutHint={ctrlI} />
      {Host && mounted
        ? createPortal(
            <Host
              options={options}
              store={mounted.context.store}
              environment={window}
              takePendingQuery={mounted.context.takePendingQuery}
              onClosed={mounted.context.returnFocus}
              registerAsk={mounted.registerAsk}
            />,
            options.portalContainer ?? document.body,
          )
        : null}
    </>
  );
}

export default SiteSearch;
export type * from '../core/options/types.js';
export type { SiteSearchTranslations, DeepPartial } from '../core/translations.js';
export type { DocHit, DocRecord } from '../core/records.js';
export type { AskAiSurface, SiteSearchEventDetails, SiteSearchEventMap } from '../core/analytics/events.js';
