/**
 * `@sitesearch/islands/react/lazy`: the React components for pages that count every byte before
 * the first interaction (a Docusaurus theme, any bundler that splits at `import()`). `SiteSearch`
 * and `Sidepanel` here server-render the same trigger as `@sitesearch/islands/react` and take the
 * same props, but only the trigger and its loader are in the page's bundle: the option resolvers,
 * the modal and the panel are chunks imported on intent (hover, focus, touch, a shortcut), and
 * their stylesheets (`stylesheets`, as URLs) are linked then and awaited before anything shows.
 * Keys typed meanwhile land in the input.
 *
 * Options are checked in full when the widget renders: a wrong value is reported in the console
 * then (the widget closes), not thrown while the page renders. Data configs (a theme's
 * `themeConfig`) are checked at build time by their plugin.
 */
import { useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import type { SidepanelProps } from '../core/options/types.js';
import { createLoader, type MountContext } from '../shell/loader.js';
import { intentHints } from '../shell/preconnect.js';
import { SearchButton } from '../ui/SearchButton.js';
import { SidepanelButton } from '../ui/SidepanelButton.js';
import type { SiteSearchReactProps } from './react.js';
import type { SiteSearchModalProps } from './reactLazyModal.js';
import type { SidepanelPanelProps } from './reactLazyPanel.js';
import { takenOnce, useIsland } from './useIsland.js';
import { useSidepanelIsland } from './useSidepanelIsland.js';

export type { SiteSearchReactProps } from './react.js';
export type { SiteSearchModalProps } from './reactLazyModal.js';
export type { SidepanelPanelProps } from './reactLazyPanel.js';

/** What the lazy components take besides the widget's own options. */
export interface LazyStylesheets {
  /**
   * URLs of the stylesheets the widget needs (`modal.css` for the modal, `sidepanel.css` for the
   * panel): linked on intent and awaited before it shows, so it never paints unstyled.
   */
  stylesheets?: string[];
  /** URL of the chat's stylesheet (`chat.css`), linked when Ask AI is first used. Without it the page's styles must hold the chat's rules. */
  chatStylesheet?: string;
}

export interface LazySiteSearchProps extends SiteSearchReactProps, LazyStylesheets {
  /**
   * Imports the component that renders the modal (default: `SiteSearchModal` of
   * `@sitesearch/islands/react/lazy-modal`). Give a component of a chunk of your own that renders
   * `SiteSearchModal` with options it completes from the page's hooks, so they load on intent too;
   * it gets this component's props as `options`.
   */
  modal?: () => Promise<ComponentType<SiteSearchModalProps>>;
}

export interface LazySidepanelProps extends SidepanelProps, LazyStylesheets {
  /** Imports the component that renders the panel (default: `SidepanelPanel` of `@sitesearch/islands/react/lazy-panel`); see `SiteSearch`'s `modal`. */
  panel?: () => Promise<ComponentType<SidepanelPanelProps>>;
}

const defaultModal = () => import('./reactLazyModal.js').then((module) => module.SiteSearchModal);
const defaultPanel = () => import('./reactLazyPanel.js').then((module) => module.SidepanelPanel);

/** A text of `translations.<group>` if it is one, else the default: the full check runs with the widget. */
function text(translations: unknown, group: string, key: string, fallback: string): string {
  const value = (translations as Record<string, Record<string, unknown> | undefined> | undefined)?.[group]?.[key];
  return typeof value === 'string' ? value : fallback;
}

/** A shortcut is on unless set to `false` (the resolvers' default). */
const enabled = (shortcuts: unknown, key: string): boolean => (shortcuts as Record<string, unknown> | undefined)?.[key] !== false;

/** The page's search button and, once someone shows intent, the search modal. */
export function SiteSearch({ stylesheets, chatStylesheet, modal = defaultModal, ...props }: LazySiteSearchProps) {
  const latest = useRef({ props, modal });
  latest.current = { props, modal };
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState<{ Modal: ComponentType<SiteSearchModalProps>; context: MountContext } | null>(null);
  const ctrlK = enabled(props.keyboardShortcuts, 'Ctrl/Cmd+K');
  const slash = enabled(props.keyboardShortcuts, '/');
  const stylesheetKey = (stylesheets ?? []).join('\n');

  useIsland(() => {
    const button = buttonRef.current;
    if (!button) return;
    return createLoader({
      root: button,
      keyboardShortcuts: { 'Ctrl/Cmd+K': ctrlK, '/': slash },
      ...intentHints(latest.current.props),
      stylesheets: stylesheetKey ? stylesheetKey.split('\n') : [],
      load: () =>
        // Ask AI's parts are fetched beside the modal's chunk, on sites that use it.
        Promise.all([latest.current.modal(), latest.current.props.askAi ? import('../ui/modal/askAiAddon.js') : undefined]).then(([Modal]) => (context: MountContext) => {
          setMounted({ Modal, context: { ...context, takePendingQuery: takenOnce(context.takePendingQuery, context.modalStore) } });
          return { unmount: () => setMounted(null) };
        }),
    });
  }, [ctrlK, slash, stylesheetKey]);

  const { Modal, context } = mounted ?? {};
  return (
    <>
      <SearchButton
        ref={buttonRef}
        buttonText={text(props.translations, 'button', 'buttonText', 'Search')}
        buttonAriaLabel={text(props.translations, 'button', 'buttonAriaLabel', 'Search')}
        showShortcutHint={ctrlK}
      />
      {Modal && context ? createPortal(<Modal options={props} context={context} chatStylesheet={chatStylesheet} />, props.portalContainer ?? document.body) : null}
    </>
  );
}

/** The Sidepanel's trigger and, once someone shows intent, the panel. */
export function Sidepanel({ stylesheets, chatStylesheet, panel = defaultPanel, ...props }: LazySidepanelProps) {
  const ctrlI = enabled(props.keyboardShortcuts, 'Ctrl/Cmd+I');
  const { buttonRef, mounted } = useSidepanelIsland({ ctrlI, options: props, stylesheets, loadPanel: panel });

  const { Panel, context, registerAsk } = mounted ?? {};
  return (
    <>
      <SidepanelButton
        ref={buttonRef}
        buttonText={text(props.translations, 'sidepanel', 'buttonText', 'Ask AI')}
        buttonAriaLabel={text(props.translations, 'sidepanel', 'buttonAriaLabel', 'Ask AI')}
        side={props.side === 'left' ? 'left' : 'right'}
        showShortcutHint={ctrlI}
      />
      {Panel && context ? createPortal(<Panel options={props} context={context} registerAsk={registerAsk} chatStylesheet={chatStylesheet} />, props.portalContainer ?? document.body) : null}
    </>
  );
}

export default SiteSearch;
