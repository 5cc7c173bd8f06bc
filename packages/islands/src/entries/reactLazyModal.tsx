/**
 * `@sitesearch/islands/react/lazy-modal`: the chunk `SiteSearch` of `@sitesearch/islands/react/lazy`
 * imports on intent. `SiteSearchModal` resolves the options and renders the modal's host with the
 * page's React inside the page's tree (so its context, like a router's, reaches templates). A page
 * whose options come from its own hooks renders it from a chunk of its own (`SiteSearch`'s `modal`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { keywordOnlyRules, needsChatOptionRules } from '../core/options/keywordOnlyOptions.js';
import { resolveInsights } from '../core/options/insightsOption.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, type ResolvedSiteSearchOptions, type TextRules } from '../core/options/siteSearchOptionsBase.js';
import type { MountContext } from '../shell/loader.js';
import { SearchModalHost } from '../ui/SearchModalHost.js';
import type { AskAiAddon } from '../ui/modal/askAiRuntime.js';
import { loadSearchClient } from '../ui/searchClient.js';
import { loadTemplateSupport, needsTemplateSupport } from '../ui/templateSupport.js';
import { useStableOptions } from '../ui/useStableOptions.js';
import type { SiteSearchReactProps } from './react.js';
import { useChatStylesheet, useResolved } from './reactLazyShared.js';

export interface SiteSearchModalProps {
  /** The modal's options (`SiteSearch`'s props), resolved on every render. */
  options: SiteSearchReactProps;
  /** What the loader gives the widget when it mounts. */
  context: MountContext;
  /** URL of the chat's stylesheet, linked when Ask AI is first used (without it the page's styles hold the chat's rules). */
  chatStylesheet?: string | undefined;
}

/**
 * The `askAi` rules and the chat's default texts (chatOptions.ts), a chunk of their own imported
 * only when the options need them (`needsChatOptionRules`): a modal without an assistant resolves
 * with the keyword search's texts, at once, and its first load leaves those out.
 */
function useChatRules(needed: boolean, fail: (error: unknown) => void): TextRules | undefined {
  const [rules, setRules] = useState<TextRules | undefined>(undefined);
  useEffect(() => {
    if (!needed || rules) return;
    let live = true;
    import('../core/options/chatOptions.js').then(
      (chat) => live && setRules(chat),
      (error: unknown) => live && fail(error),
    );
    return () => void (live = false);
  }, [needed, rules]);
  return rules;
}

/** What the modal needs beyond its chunk, per its options: Ask AI's parts, template support. */
function useModalParts(options: ResolvedSiteSearchOptions | undefined, fail: (error: unknown) => void): { askAiAddon: AskAiAddon | undefined } | undefined {
  const askAi = Boolean(options?.askAi);
  const templates = options ? needsTemplateSupport(options) : false;
  const [loaded, setLoaded] = useState<{ askAiAddon?: AskAiAddon; templates?: boolean }>({});
  const ready = (!askAi || loaded.askAiAddon) && (!templates || loaded.templates);
  useEffect(() => {
    if (ready || !options) return;
    let live = true;
    Promise.all([askAi ? import('../ui/modal/askAiAddon.js') : undefined, templates && loadTemplateSupport()]).then(
      ([askAiAddon]) => live && setLoaded((previous) => ({ askAiAddon: askAiAddon ?? previous.askAiAddon, templates: templates || previous.templates })),
      (error: unknown) => live && fail(error),
    );
    return () => void (live = false);
  }, [ready, askAi, templates]);
  return options && ready ? { askAiAddon: loaded.askAiAddon } : undefined;
}

/**
 * The search modal of `@sitesearch/islands/react/lazy`. Options it refuses (or parts that cannot
 * load) are reported in the console and the modal closes: nothing throws into the page.
 */
export function SiteSearchModal({ options: props, context, chatStylesheet }: SiteSearchModalProps) {
  const fail = (error: unknown) => {
    console.error('sitesearch: the search widget could not be loaded.', error);
    // Keys typed meanwhile go with the closed modal; focus goes back to the button.
    context.takePendingQuery();
    context.modalStore.close();
    context.returnFocus();
  };
  const needsChat = needsChatOptionRules(props as Record<string, unknown>);
  const chatRules = useChatRules(needsChat, fail);
  // Until the chat's rules arrive, the options wait (the previous ones, if any, stay).
  const waiting = needsChat && !chatRules;
  const options = useResolved(() => completeSiteSearchOptions(checkSiteSearchOptions(props, 'react'), chatRules ?? keywordOnlyRules, resolveInsights), waiting);
  useEffect(() => {
    if (!options.value && !waiting) fail(options.error);
  }, [options.value, waiting]);
  const parts = useModalParts(options.value, fail);
  const chat = useChatStylesheet(chatStylesheet);
  if (!options.value || !parts) return null;
  return <ResolvedModal options={options.value} context={context} askAiAddon={parts.askAiAddon} chatStylesheet={chat} />;
}

function ResolvedModal({ options, context, askAiAddon, chatStylesheet }: { options: ResolvedSiteSearchOptions; context: MountContext; askAiAddon: AskAiAddon | undefined; chatStylesheet: ReturnType<typeof useChatStylesheet> }) {
  const latest = useRef(options);
  latest.current = options;
  const stable = useStableOptions(options, latest);
  // The provider's lite client, imported only without a `searchClient`; the modal opens meanwhile.
  const fallbackClient = useMemo(() => (stable.searchClient ? undefined : loadSearchClient(stable)), [stable.searchClient, stable.appId, stable.apiKey]);
  return (
    <SearchModalHost
      options={stable}
      searchClient={stable.searchClient ?? fallbackClient!}
      modalStore={context.modalStore}
      environment={window}
      takePendingQuery={context.takePendingQuery}
      onClosed={context.returnFocus}
      askAiAddon={askAiAddon}
      chatStylesheet={chatStylesheet}
      handOffQuestion={context.handOffQuestion}
      reportScreen={context.reportScreen}
    />
  );
}
