// The chat's styles (modal Ask AI screen and Sidepanel): UnoCSS shortcuts with the `sitesearch-`
// prefix plus the few rules utilities cannot express (Markdown content, keyframes, reduced
// motion). Colours and radii come only from the `--sitesearch-*` custom properties, so the dark
// theme and a site's overrides apply to the chat without rules of its own.

const focusRing = 'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-[var(--sitesearch-focus-color)]';
const plainButton = `m-0 font-[inherit] cursor-pointer ${focusRing}`;

/** Rules of the chat that utilities cannot express (descendants of rendered Markdown, motion). */
export const chatPreflight = `
.sitesearch-markdown{font-size:15px;line-height:1.6;overflow-wrap:anywhere}
.sitesearch-markdown>:first-child{margin-top:0}
.sitesearch-markdown>:last-child{margin-bottom:0}
.sitesearch-markdown :is(p,ul,ol,blockquote,.sitesearch-code,.sitesearch-markdown-table){margin:0 0 .75em}
.sitesearch-markdown :is(h3,h4,h5,h6){margin:1.1em 0 .5em;font-size:1em;font-weight:600;line-height:1.35}
.sitesearch-markdown h3{font-size:1.1em}
.sitesearch-markdown :is(ul,ol){padding-inline-start:1.5em}
.sitesearch-markdown li+li{margin-top:.25em}
.sitesearch-markdown li>:is(ul,ol,p){margin:.25em 0 0}
.sitesearch-markdown a,.sitesearch-chat-source{color:var(--sitesearch-primary-color);text-decoration:underline;text-underline-offset:2px}
.sitesearch-markdown :not(pre)>code{padding:.1em .35em;border-radius:4px;background:var(--sitesearch-key-background);font-size:.875em}
.sitesearch-markdown code,.sitesearch-tool-call code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.sitesearch-markdown blockquote{padding-inline-start:.8em;border-inline-start:3px solid var(--sitesearch-border-color);color:var(--sitesearch-muted-color)}
.sitesearch-markdown hr{margin:1em 0;border:0;border-top:1px solid var(--sitesearch-border-color)}
.sitesearch-markdown table{border-collapse:collapse;font-size:.875em}
.sitesearch-markdown :is(th,td){padding:.35em .6em;border:1px solid var(--sitesearch-border-color)}
.sitesearch-markdown th:not([align]){text-align:start}
.sitesearch-code-body{direction:ltr;text-align:left}
.sitesearch-code-body code{font-size:13px;line-height:1.5;white-space:pre;tab-size:2}
.sitesearch-chat-textarea{max-height:calc(8 * 1.5em + 18px)}
.sitesearch-chat-textarea::placeholder{color:var(--sitesearch-muted-color);opacity:1}
.sitesearch-chat-action[aria-pressed="true"]{color:var(--sitesearch-primary-color)}
.sitesearch-chat-action[aria-pressed="true"] path{fill:currentColor;fill-opacity:.2}
.sitesearch-conversation-open[aria-current="true"] .sitesearch-conversation-title{color:var(--sitesearch-primary-color);font-weight:600}
.sitesearch-tool-call>svg{margin-top:2px}
.sitesearch-tool-call>.sitesearch-chat-spinner{margin:3px 1px 0}
.sitesearch-chat-button.sitesearch-chat-button--outline{padding:6px 12px;border:1px solid var(--sitesearch-border-color);font-size:14px;color:var(--sitesearch-text-color)}
.sitesearch-chat-send.sitesearch-chat-send--stop{background:var(--sitesearch-text-color)}
.sitesearch-tool-query{font-size:inherit;line-height:inherit}
.sitesearch-chat-send:disabled,.sitesearch-chat-action:disabled{cursor:default;opacity:.5}
.sitesearch-chat-action[aria-pressed="true"]:disabled{opacity:1}
@keyframes sitesearch-chat-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.sitesearch-chat-spinner{animation:none!important;border-style:dotted}}
`;

export const chatShortcuts = {
  // The Ask AI screen: the search bar holds the back button and the prompt, then a toolbar.
  'sitesearch-ask-ai-bar': 'items-start [&>.sitesearch-chat-prompt]:(flex-1 min-w-0)',
  'sitesearch-ask-ai-back':
    'flex shrink-0 items-center justify-center w-10 h-[var(--sitesearch-searchbox-height)] p-0 border-0 rounded-[calc(var(--sitesearch-radius)-2px)] bg-transparent text-[var(--sitesearch-muted-color)] cursor-pointer hover:text-[var(--sitesearch-primary-color)]',
  'sitesearch-ask-ai-toolbar': 'flex items-center justify-end gap-1 px-3 pb-2',
  // On small screens the actions are icons (their text stays as their accessible name).
  'sitesearch-ask-ai-action-text': 'lt-md:sr-only',
  'sitesearch-ask-ai-action':
    'inline-flex items-center gap-1 h-8 px-2 border border-solid border-[var(--sitesearch-border-color)] rounded-md bg-transparent text-[var(--sitesearch-text-color)] font-[inherit] text-xs cursor-pointer hover:border-[var(--sitesearch-primary-color)] hover:text-[var(--sitesearch-primary-color)] aria-pressed:border-[var(--sitesearch-primary-color)] aria-pressed:text-[var(--sitesearch-primary-color)]',
  'sitesearch-ask-ai-body': 'pt-1',
  'sitesearch-footer-back': 'inline-flex items-center gap-1 p-0 border-0 bg-transparent text-inherit font-[inherit] text-xs cursor-pointer hover:text-[var(--sitesearch-primary-color)]',
  // The view: scrolling conversation above a fixed prompt.
  'sitesearch-chat': 'flex flex-col flex-1 min-w-0 min-h-0 font-[var(--sitesearch-font)] text-[var(--sitesearch-text-color)] text-start',
  'sitesearch-chat-scroll': 'flex-1 min-h-0 overflow-y-auto overscroll-contain px-4 py-3',
  'sitesearch-chat-footer': 'shrink-0 px-4 pt-2 pb-3 border-t border-t-solid border-[var(--sitesearch-border-color)]',
  'sitesearch-chat-disclaimer': 'm-0 mt-2 text-xs leading-snug text-center text-[var(--sitesearch-muted-color)]',
  'sitesearch-chat-sr-only': 'sr-only',
  'sitesearch-chat-icon': 'w-4 h-4 shrink-0',
  'sitesearch-chat-icon--large': 'w-8 h-8 text-[var(--sitesearch-primary-color)]',
  'sitesearch-chat-spinner':
    'inline-block w-3.5 h-3.5 shrink-0 rounded-full border-2 border-solid border-[var(--sitesearch-border-color)] border-t-[var(--sitesearch-primary-color)] [animation:sitesearch-chat-spin_.8s_linear_infinite]',
  'sitesearch-chat-button': `inline-flex items-center border-0 gap-1.5 px-2 py-1 rounded-md bg-transparent text-xs text-[var(--sitesearch-muted-color)] hover:text-[var(--sitesearch-primary-color)] ${plainButton}`,

  // Messages.
  'sitesearch-chat-messages': 'flex flex-col',
  'sitesearch-chat-log': 'flex flex-col gap-4',
  'sitesearch-chat-message': 'flex flex-col gap-2 min-w-0',
  'sitesearch-chat-message--user': 'items-end',
  'sitesearch-chat-message--assistant': 'items-stretch',
  'sitesearch-chat-question':
    'm-0 max-w-[85%] px-3 py-2 rounded-[var(--sitesearch-radius)] bg-[var(--sitesearch-key-background)] text-[15px] leading-normal whitespace-pre-wrap [overflow-wrap:anywhere]',
  'sitesearch-chat-thinking': 'flex items-center gap-2 m-0 text-sm text-[var(--sitesearch-muted-color)]',
  'sitesearch-chat-stopped': 'm-0 text-sm italic text-[var(--sitesearch-muted-color)]',
  'sitesearch-chat-error':
    'flex flex-col items-start gap-1 p-3 rounded-[var(--sitesearch-radius)] border border-solid border-[var(--sitesearch-border-color)] bg-[var(--sitesearch-background)] text-sm',
  'sitesearch-chat-error-title': 'm-0 font-semibold',
  'sitesearch-chat-error-text': 'm-0 mb-1 text-[var(--sitesearch-muted-color)] [overflow-wrap:anywhere]',

  // Markdown blocks with their own box.
  'sitesearch-markdown': 'min-w-0',
  'sitesearch-markdown-table': 'max-w-full overflow-x-auto',
  'sitesearch-code': 'max-w-full rounded-[calc(var(--sitesearch-radius)-2px)] border border-solid border-[var(--sitesearch-border-color)] bg-[var(--sitesearch-background)] overflow-hidden',
  'sitesearch-code-header': 'flex items-center justify-between gap-2 ps-3 pe-1 py-0.5 border-b border-b-solid border-[var(--sitesearch-border-color)]',
  'sitesearch-code-lang': 'text-xs text-[var(--sitesearch-muted-color)] truncate',
  'sitesearch-code-body': `m-0 px-3 py-2.5 overflow-x-auto bg-transparent text-[var(--sitesearch-text-color)] ${focusRing}`,

  // Tool calls.
  'sitesearch-tool-calls': 'flex flex-col gap-1 m-0 p-0 list-none',
  // An icon, then the words and queries flowing (and wrapping) as text beside it.
  'sitesearch-tool-call': 'flex items-start gap-1.5 text-sm leading-5 text-[var(--sitesearch-muted-color)] [overflow-wrap:anywhere]',
  'sitesearch-tool-query': `p-0 border-0 bg-transparent text-[var(--sitesearch-primary-color)] underline underline-offset-2 ${plainButton}`,

  // Under an answer.
  'sitesearch-chat-sources': 'flex flex-col gap-1 pt-1',
  'sitesearch-chat-sources-title': 'm-0 text-xs font-semibold tracking-wide uppercase text-[var(--sitesearch-muted-color)]',
  'sitesearch-chat-sources-list': 'flex flex-col gap-1 m-0 ps-4 text-sm',
  'sitesearch-chat-source': '[overflow-wrap:anywhere]',
  'sitesearch-chat-actions': 'flex flex-wrap items-center gap-1',
  'sitesearch-chat-action': `inline-flex items-center border-0 justify-center w-8 h-8 p-0 rounded-md bg-transparent text-[var(--sitesearch-muted-color)] hover:text-[var(--sitesearch-primary-color)] hover:bg-[var(--sitesearch-background)] ${plainButton}`,
  'sitesearch-chat-feedback': 'ms-1 text-xs text-[var(--sitesearch-muted-color)]',
  'sitesearch-chat-suggestions': 'flex flex-wrap gap-2',
  'sitesearch-chat-suggestion': `px-3 py-1.5 rounded-full border border-solid border-[var(--sitesearch-border-color)] bg-[var(--sitesearch-modal-background,transparent)] text-sm text-start text-[var(--sitesearch-text-color)] hover:border-[var(--sitesearch-primary-color)] hover:text-[var(--sitesearch-primary-color)] ${plainButton}`,

  // The prompt.
  'sitesearch-chat-prompt':
    'flex items-end gap-2 m-0 p-1.5 ps-3 rounded-[var(--sitesearch-radius)] border-2 border-solid border-[var(--sitesearch-border-color)] bg-[var(--sitesearch-modal-background,transparent)] focus-within:border-[var(--sitesearch-primary-color)]',
  'sitesearch-chat-textarea':
    'flex-1 min-w-0 box-border m-0 py-1.5 px-0 border-0 outline-none resize-none bg-transparent text-[var(--sitesearch-text-color)] font-[inherit] text-[15px] leading-normal overflow-y-auto',
  'sitesearch-chat-send': `flex items-center border-0 justify-center w-8 h-8 shrink-0 p-0 rounded-[calc(var(--sitesearch-radius)-4px)] bg-[var(--sitesearch-primary-color)] text-[var(--sitesearch-modal-background,#fff)] ${plainButton}`,

  // A new conversation.
  'sitesearch-chat-new': 'flex flex-col items-center gap-2 py-6 text-center',
  'sitesearch-chat-new-title': 'm-0 text-lg font-semibold',
  'sitesearch-chat-new-description': 'm-0 max-w-[40ch] text-sm text-[var(--sitesearch-muted-color)]',
  'sitesearch-chat-suggested': 'flex flex-col items-center gap-2 m-0 mt-3 p-0 list-none',

  // Stored conversations.
  'sitesearch-conversations': 'flex flex-col gap-1 outline-none',
  'sitesearch-conversations-title': 'm-0 py-1.5 px-1 text-[var(--sitesearch-primary-color)] text-xs font-semibold tracking-wide uppercase',
  'sitesearch-conversations-list': 'flex flex-col gap-1 m-0 p-0 list-none',
  'sitesearch-conversation': 'flex items-center gap-1 rounded-[calc(var(--sitesearch-radius)-2px)] bg-[var(--sitesearch-hit-background,transparent)] [box-shadow:0_1px_2px_rgba(31,35,40,.12)]',
  'sitesearch-conversation-open': `flex flex-1 border-0 items-center gap-3 min-w-0 px-3 py-2 rounded-[calc(var(--sitesearch-radius)-2px)] bg-transparent text-start text-[var(--sitesearch-text-color)] hover:text-[var(--sitesearch-primary-color)] ${plainButton}`,
  'sitesearch-conversation-text': 'flex flex-col min-w-0 gap-0.5',
  'sitesearch-conversation-title': 'text-[15px] leading-snug truncate',
  'sitesearch-conversation-date': 'text-xs text-[var(--sitesearch-muted-color)]',
};
