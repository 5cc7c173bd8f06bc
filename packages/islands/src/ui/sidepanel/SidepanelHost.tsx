import { emitEvent } from '../../core/analytics/events.js';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { lockPageScroll, trapTab } from '../pageEffects.js';
import { loadTemplateSupport } from '../templateSupport.js';
import { useStore } from '../useStore.js';
import { CloseIcon } from '../chat/iconBase.js';
import { HistoryIcon, NewConversationIcon } from '../modal/askAi/askAiIcons.js';
import type { ConversationList } from '../../core/chat/types.js';
import type { SidepanelHostProps } from './contract.js';
import { PUSH_DURATION_MS } from './slideDuration.js';
import { CollapseIcon, ExpandIcon, PanelAction } from './sidepanelIcons.js';
import * as sidepanelChat from './sidepanelChat.js';
import { lazyPart } from '../chat/lazyPart.js';
import type { SidepanelChat, SidepanelScreen } from './sidepanelTypes.js';

/** At this width and below the panel is full screen: no push, no expand, page scroll locked. */
const SMALL_SCREEN = '(max-width: 768px)';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The chat's code. It is in the panel's own file rather than a chunk of its own: both are needed
 * for the first answer and were fetched on the same sign of intent, and one file (with the chunks
 * it shares with the modal's chat) is smaller than two: 0.7 KB gzip less in the CDN build, with
 * four files fewer. A promise, as the panel waits for the chat's stylesheet beside it.
 */
export const loadSidepanelChat = (): Promise<typeof sidepanelChat> => Promise.resolve(sidepanelChat);

/** The inline variant's push code and the component that drives it (pushContent.ts). */
const usePushedPage = lazyPart(() => import('./pushContent.js').then((chunk) => chunk.PushedPage));

/**
 * The Sidepanel: a dialog at the page's edge hosting the chat. Renders nothing until first opened;
 * after that it stays mounted (the conversation and a half-typed question survive closing) but
 * `hidden` and `inert` while closed, so a closed panel holds no Tab stop.
 */
export function SidepanelHost({ options, store, environment, takePendingQuery, onClosed, registerAsk, chatStylesheet }: SidepanelHostProps) {
  const { isOpen, width } = useStore(store);
  const small = useMediaQuery(environment, SMALL_SCREEN);
  const reducedMotion = useMediaQuery(environment, REDUCED_MOTION);
  const { translations, side, variant, theme } = options;
  const texts = translations.sidepanel;
  const searchBox = translations.modal.searchBox;
  const ids = useId().replace(/:/g, '');

  const [everOpened, setEverOpened] = useState(false);
  const [closing, setClosing] = useState(false);
  const [screen, setScreen] = useState<SidepanelScreen>('chat');
  const [loaded, setLoaded] = useState<SidepanelChat | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  /** A question handed over (`ask`) before the chat is here. */
  const pendingAsk = useRef<{ question: string; conversationId: string | undefined } | undefined>(undefined);
  /** Keys typed while the panel's code loaded, put in the prompt once it exists. */
  const pendingPrompt = useRef<string | undefined>(undefined);
  const styled = useRef<Promise<unknown> | undefined>(undefined);

  const expanded = width === 'expanded' && !small;
  const cssWidth = expanded ? options.expandedWidth : options.width;
  const motion = reducedMotion ? 0 : PUSH_DURATION_MS;

  // The chat, created on first open and kept; recreated only when the assistant's settings change
  // (the React entry resolves a new options object on every render).
  const chatKey = JSON.stringify([options.appId, options.apiKey, options.assistantId, options.indexName, options.indices, options.agentStudio, options.baseUrl, options.searchParameters]);
  useEffect(() => {
    if (!everOpened) return;
    let live = true;
    let created: SidepanelChat | undefined;
    setFailed(false);
    // The chat's code and its stylesheet side by side: the chat shows once both are here, never
    // unstyled; with a function text for the tool lines, template support too (templateSupport.ts).
    Promise.all([
      loadSidepanelChat(),
      chatStylesheet && (styled.current ??= linkStylesheet(chatStylesheet.href, chatStylesheet.parent)),
      typeof options.translations.modal.askAiScreen.aggregatedToolCallNode === 'function' && loadTemplateSupport(),
    ])
      .then(([chunk]) => {
        if (!live) return;
        created = chunk.setUpSidepanelChat(options, environment);
        setLoaded(created);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      created?.chat.destroy();
      setLoaded(undefined);
    };
  }, [everOpened, chatKey, environment, attempt]);

  /** The loader's typing proxy still holds what was typed since the panel was asked for. */
  const pendingTake = useRef(false);
  /** Focus is owed to the prompt (opened, new conversation) once it is there. */
  const focusOwed = useRef(false);
  /**
   * Settles focus and typed keys once the prompt exists. Until the chat's chunk is here, focus
   * stays in the loader's typing proxy, so keys typed meanwhile are kept (moving focus to the panel
   * would drop them); then they go into the prompt and the prompt takes focus.
   */
  const settleFocus = () => {
    if (!isOpen) return;
    const prompt = promptRef.current;
    const historyShown = !!loaded && screen === 'history';
    if (pendingTake.current) {
      if (!prompt && !failed && !historyShown) return;
      pendingTake.current = false;
      const typed = takePendingQuery?.();
      if (typed) {
        pendingPrompt.current = typed;
        focusOwed.current = true;
      }
    }
    if (pendingPrompt.current) {
      if (!prompt) {
        // Reopened on the history screen with keys typed: they are a question, show the prompt.
        if (historyShown) setScreen('chat');
        return;
      }
      fillPrompt(prompt, pendingPrompt.current, environment);
      pendingPrompt.current = undefined;
      focusOwed.current = false;
      prompt.focus();
      return;
    }
    if (!focusOwed.current || (!prompt && !failed && !loaded)) return;
    focusOwed.current = false;
    // On touch screens the prompt is not focused (no keyboard popping up over the panel).
    if (prompt && !small) prompt.focus();
    else panelRef.current?.focus();
  };

  const sendPendingAsk = () => {
    const loadedChat = loadedRef.current;
    const pending = pendingAsk.current;
    if (!loadedChat || !pending) return;
    pendingAsk.current = undefined;
    const { chat, conversations } = loadedChat;
    const { status, id } = chat.get();
    // A question handed over while an answer streams replaces that answer.
    if (status === 'submitted' || status === 'streaming') chat.stop();
    const send = (list?: ConversationList) => {
      const followed = list?.getAll().find((stored) => stored.id === pending.conversationId);
      if (followed) chat.load(followed);
      chat.send(pending.question);
    };
    // A follow-up asked in the modal continues the conversation the modal was showing, once the
    // stored list is here (its code loads on first use); without it, the current conversation.
    if (pending.conversationId === undefined || pending.conversationId === id) send();
    else if (conversations.ready) conversations.ready().then(send, () => send());
    else send(conversations);
  };
  useEffect(sendPendingAsk, [loaded]);

  useEffect(() => {
    if (!registerAsk) return;
    registerAsk((question, conversationId) => {
      pendingAsk.current = { question, conversationId };
      setScreen('chat');
      store.open();
      sendPendingAsk();
    });
    return () => registerAsk(undefined);
  }, [registerAsk]);

  // Opening and closing: keys typed while loading, focus in and back out, the closing slide.
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (isOpen !== wasOpen.current) emitEvent(environment, isOpen ? 'sidepanel-open' : 'sidepanel-close', {});
    if (isOpen && !wasOpen.current) {
      setEverOpened(true);
      setClosing(false);
      if (failed) setAttempt((count) => count + 1);
      pendingTake.current = true;
      focusOwed.current = true;
      setFocusRequest((count) => count + 1);
    } else if (!isOpen && wasOpen.current) {
      const document = environment.document;
      const active = document.activeElement;
      // Focus goes back to the trigger when it was in the panel (or nowhere); a close from a page
      // field (the shortcut) leaves it there.
      const focusWasHere = !active || active === document.body || !!panel?.contains(active);
      setClosing(motion > 0);
      if (focusWasHere) onClosed?.();
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  // A closed (or closing) panel is inert: nothing in it takes focus or clicks. Set as a property-free
  // attribute, which React 18 and 19 would each spell differently in JSX.
  useLayoutEffect(() => {
    panelRef.current?.toggleAttribute('inert', !isOpen);
  });

  useEffect(() => {
    if (!closing) return;
    const timer = environment.setTimeout(() => setClosing(false), motion);
    return () => environment.clearTimeout(timer);
  }, [closing]);

  useLayoutEffect(settleFocus, [focusRequest, loaded, screen, failed]);

  // Full screen on small screens: the page behind does not scroll.
  useLayoutEffect(() => (isOpen && small ? lockPageScroll(environment) : undefined), [isOpen, small]);

  // Inline: the page's content makes room on the panel's side (never on small screens). The push
  // code is the inline variant's alone: fetched as soon as the panel mounts inline (the first
  // interaction, before it opens), so it is there by the time the panel shows. Offline, nothing
  // is pushed and the panel still works.
  const PushedPage = usePushedPage(variant === 'inline');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const native = (event.nativeEvent ?? event) as globalThis.KeyboardEvent;
    if (event.key === 'Escape' && !native.isComposing) {
      event.preventDefault();
      store.close();
    } else if (small) trapTab(native, event.currentTarget);
  };

  if (!everOpened) return null;
  const visible = isOpen || closing;
  const isHistory = screen === 'history';
  const showChat = () => setScreen('chat');
  const { Body } = loaded ?? {};
  return (
    <div
      ref={panelRef}
      className={`sitesearch-sidepanel sitesearch-sidepanel--${variant}`}
      role="dialog"
      aria-modal={small && isOpen ? true : undefined}
      aria-labelledby={`${ids}-title`}
      tabIndex={-1}
      hidden={!visible}
      data-side={side}
      // Only a theme given: without one the stylesheet follows the page's `[data-theme]`.
      data-theme={options.themeGiven ? theme : undefined}
      data-state={isOpen ? 'open' : 'closed'}
      data-expanded={expanded ? '' : undefined}
      style={{ ['--sitesearch-sidepanel-width' as string]: cssWidth }}
      onKeyDown={onKeyDown}
    >
      <div className="sitesearch-sidepanel-header">
        <p id={`${ids}-title`} className="sitesearch-sidepanel-title">
          {texts.titleText}
        </p>
        <PanelAction
          label={searchBox.startNewConversationText}
          icon={<NewConversationIcon />}
          onClick={() => {
            loaded?.chat.newConversation();
            setScreen('chat');
            focusOwed.current = true;
            setFocusRequest((count) => count + 1);
          }}
        />
        <PanelAction label={searchBox.viewConversationHistoryText} icon={<HistoryIcon />} pressed={isHistory} onClick={() => setScreen(isHistory ? 'chat' : 'history')} />
        {small ? null : (
          <PanelAction
            className="sitesearch-sidepanel-expand"
            label={expanded ? texts.collapseButtonAriaLabel : texts.expandButtonAriaLabel}
            icon={expanded ? <CollapseIcon /> : <ExpandIcon />}
            onClick={() => store.toggleWidth()}
          />
        )}
        <PanelAction label={texts.closeButtonAriaLabel} icon={<CloseIcon />} onClick={() => store.close()} />
      </div>
      {PushedPage && variant === 'inline' ? (
        <PushedPage panel={panelRef} active={isOpen && !small} pushTarget={options.pushTarget} side={side} width={cssWidth} duration={motion} environment={environment} />
      ) : null}
      <div className="sitesearch-sidepanel-body">
        {loaded && Body ? (
          <Body
            options={options}
            chat={loaded.chat}
            conversations={loaded.conversations}
            local={loaded.local}
            screen={screen}
            showChat={showChat}
            promptRef={promptRef}
            autoFocus={isOpen && !small}
          />
        ) : (
          <LoadingScreen translations={translations} failed={failed} />
        )}
      </div>
    </div>
  );
}

/** Until the chat's code is here (or when it cannot come, offline). */
function LoadingScreen({ translations, failed }: { translations: SidepanelHostProps['options']['translations']; failed: boolean }) {
  const { askAiScreen, errorScreen } = translations.modal;
  return (
    <div className="sitesearch-sidepanel-status" role={failed ? 'alert' : 'status'}>
      <p className="sitesearch-sidepanel-status-title">{failed ? errorScreen.titleText : askAiScreen.thinkingText}</p>
      {failed ? <p className="sitesearch-sidepanel-status-help">{errorScreen.helpText}</p> : null}
    </div>
  );
}

/** A media query's current answer, following changes (a rotated phone, a resized window). */
function useMediaQuery(environment: Window, query: string): boolean {
  const list = useMemo(() => (typeof environment.matchMedia === 'function' ? environment.matchMedia(query) : undefined), [environment, query]);
  const [matches, setMatches] = useState(() => list?.matches ?? false);
  useEffect(() => {
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, [list]);
  return matches;
}

/**
 * Puts text in the prompt as if typed: through the native value setter and an `input` event, so
 * the prompt's own state (React's or Preact's) takes it, with the caret at the end.
 */
function fillPrompt(textarea: HTMLTextAreaElement, text: string, environment: Window): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(textarea), 'value')?.set;
  if (setter) setter.call(textarea, text);
  else textarea.value = text;
  textarea.dispatchEvent(new (environment as Window & typeof globalThis).Event('input', { bubbles: true }));
  textarea.setSelectionRange?.(text.length, text.length);
}

/**
 * A `<link>` (allowed under `style-src 'self'`, unlike inline styles), settled once it applies or
 * fails: a stylesheet that cannot load must not keep the chat away.
 */
function linkStylesheet(href: string, parent: Element): Promise<unknown> {
  const link = parent.ownerDocument.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  parent.append(link);
  return new Promise((settle) => (link.onload = link.onerror = settle));
}
