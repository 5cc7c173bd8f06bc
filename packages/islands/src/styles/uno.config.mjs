// The widgets' styles, authored with UnoCSS and compiled once at build time into static
// stylesheets (no runtime CSS-in-JS, nothing inline: the widgets work under
// `style-src 'self'`). Component classes are UnoCSS shortcuts with the `sitesearch-` prefix, so
// host pages cannot collide with them; every colour, size and radius is a `--sitesearch-*`
// custom property that sites can override.
import { presetWind3 } from '@unocss/preset-wind3';
import { chatPreflight, chatShortcuts } from './chat.mjs';
import { sidepanelPreflight } from './sidepanel.mjs';

/**
 * Custom properties the button uses (in `button.css`, loaded on every page), light then dark.
 * The dark block names `:root[data-theme="dark"]` too so it outranks `:root` whatever the order:
 * minifiers that merge rules (Docusaurus' cssnano) can move a light `:root` block after it.
 */
const buttonVariables = `
:root{
  --sitesearch-font:inherit;
  --sitesearch-primary-color:#2f4fd8;
  --sitesearch-text-color:#1f2328;
  --sitesearch-muted-color:#57606a;
  --sitesearch-background:#f6f8fa;
  --sitesearch-border-color:#d0d7de;
  --sitesearch-focus-color:#2f4fd8;
  --sitesearch-key-background:#eaeef2;
  --sitesearch-key-color:#3d444d;
  --sitesearch-button-radius:8px;
  --sitesearch-button-height:38px;
}
:root[data-theme="dark"],[data-theme="dark"]{
  --sitesearch-primary-color:#8fa8ff;
  --sitesearch-text-color:#e6edf3;
  --sitesearch-muted-color:#a3adb8;
  --sitesearch-background:#0d1117;
  --sitesearch-border-color:#3d444d;
  --sitesearch-focus-color:#8fa8ff;
  --sitesearch-key-background:#2d333b;
  --sitesearch-key-color:#d1d7e0;
}
`;

/** Custom properties only the modal uses (in `modal.css`, loaded with the widget). */
const modalVariables = `
:root{
  --sitesearch-modal-background:#ffffff;
  --sitesearch-hit-background:#ffffff;
  --sitesearch-hit-color:#1f2328;
  --sitesearch-hit-active-background:#2f4fd8;
  --sitesearch-hit-active-color:#ffffff;
  --sitesearch-overlay-color:rgba(31,35,40,.55);
  --sitesearch-shadow:0 16px 48px rgba(31,35,40,.28);
  --sitesearch-radius:10px;
  --sitesearch-modal-width:580px;
  --sitesearch-modal-height:min(640px,calc(100vh - 96px));
  --sitesearch-searchbox-height:56px;
  --sitesearch-hit-height:58px;
  --sitesearch-footer-height:44px;
  --sitesearch-z-index:2147483000;
}
:root[data-theme="dark"],[data-theme="dark"]{
  --sitesearch-modal-background:#161b22;
  --sitesearch-hit-background:#1f252e;
  --sitesearch-hit-color:#e6edf3;
  --sitesearch-hit-active-background:#3553d6;
  --sitesearch-overlay-color:rgba(1,4,9,.7);
  --sitesearch-shadow:0 16px 48px rgba(1,4,9,.6);
}
`;

/** Rules the button needs on every page (in `button.css`). */
const buttonPreflight = `${buttonVariables}
.sitesearch-button-key-mod::before{content:"Ctrl"}
.sitesearch-button-key-k::before{content:"K"}
[data-sitesearch-platform="apple"] .sitesearch-button-key-mod::before{content:"\\2318"}
.sitesearch-proxy-input{position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;border:0;padding:0;pointer-events:none}
.sitesearch-button:focus-visible{outline:2px solid var(--sitesearch-focus-color);outline-offset:2px}
@media (max-width:768px){.sitesearch-button-keys.sitesearch-button-keys,.sitesearch-button-placeholder.sitesearch-button-placeholder{display:none}}
`;

/** Rules of the modal that utilities cannot express (in `modal.css`). */
const modalPreflight = `${modalVariables}
.sitesearch--scroll-locked{overflow:hidden!important}
.sitesearch--scroll-locked body{padding-right:var(--sitesearch-scrollbar-width,0)!important}
.sitesearch-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.sitesearch-input::-webkit-search-cancel-button,.sitesearch-input::-webkit-search-decoration{-webkit-appearance:none;appearance:none}
.sitesearch-input::placeholder{color:var(--sitesearch-muted-color);opacity:1}
.sitesearch-reset[hidden]{display:none}
.sitesearch-hit--active .sitesearch-hit-path,.sitesearch-hit--active .sitesearch-hit-title,.sitesearch-hit--active .sitesearch-mark,.sitesearch-hit--active .sitesearch-hit-icon-wrap{color:var(--sitesearch-hit-active-color)}
.sitesearch-hit--active .sitesearch-hit-enter{opacity:1}
.sitesearch-hit-row:has(.sitesearch-hit--active) .sitesearch-hit-action{color:var(--sitesearch-hit-active-color)}
.sitesearch-hit-row:has(.sitesearch-hit--active){background:var(--sitesearch-hit-active-background)}
.sitesearch-hit--custom a{color:inherit}
/* A link a resultsFooterComponent returns reads in the modal's colours, not the host page's (whose link colour is picked for its own background). */
.sitesearch-results-footer a{color:var(--sitesearch-primary-color)}
.sitesearch-modal a:focus-visible,.sitesearch-modal button:focus-visible{outline:2px solid var(--sitesearch-focus-color);outline-offset:1px}
@keyframes sitesearch-fade-in{from{opacity:0}to{opacity:1}}
@keyframes sitesearch-rise{from{opacity:0;transform:translateY(8px) scale(.98)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){.sitesearch-container,.sitesearch-modal{animation:none!important}.sitesearch-hit,.sitesearch-hit-row{transition:none!important}}
@media (max-width:768px){
  .sitesearch-container.sitesearch-container{padding:0}
  .sitesearch-modal.sitesearch-modal{width:100%;max-width:none;height:100%;max-height:none;margin:0;border-radius:0}
  .sitesearch-footer.sitesearch-footer{display:none}
}
@media (min-width:769px){.sitesearch-cancel.sitesearch-cancel{display:none}}
`;

// The keys' hints are drawn in the platform's interface font: `system-ui` is what Tailwind's
// `font-sans` stack resolves to in the browsers the widgets run in, in a few bytes rather than
// ~170 on every page (button.css) and again in modal.css. A font size given with its own line
// height (`text-[.875rem] leading-none`) rather than `text-sm`, whose line height is overridden.
export const buttonShortcuts = {
  'sitesearch-button':
    'inline-flex items-center justify-between gap-4 h-[var(--sitesearch-button-height)] m-0 px-3 border border-solid border-[var(--sitesearch-border-color)] rounded-[var(--sitesearch-button-radius)] bg-[var(--sitesearch-background)] text-[var(--sitesearch-muted-color)] font-[var(--sitesearch-font)] text-sm cursor-pointer select-none hover:text-[var(--sitesearch-text-color)] hover:border-[var(--sitesearch-primary-color)]',
  'sitesearch-button-container': 'inline-flex items-center gap-2',
  'sitesearch-button-icon': 'w-[18px] h-[18px] shrink-0',
  'sitesearch-button-placeholder': 'text-[.875rem] leading-none',
  'sitesearch-button-keys': 'inline-flex gap-1',
  'sitesearch-button-key':
    'inline-flex items-center justify-center min-w-[22px] h-[20px] px-1 rounded bg-[var(--sitesearch-key-background)] text-[var(--sitesearch-key-color)] font-[system-ui,sans-serif] text-[11px] font-semibold leading-none border-0 [box-shadow:inset_0_-1px_0_var(--sitesearch-border-color)]',
  'sitesearch-button-key-mod': 'min-w-[32px]',
};

// The dialog's shadow is the custom property as it is: Uno's `shadow-[…]` utility writes it
// beside ring variables that only its preflight defines, which these stylesheets leave out, so
// the whole box-shadow was invalid and the dialog had none.
export const modalShortcuts = {
  'sitesearch-container':
    'fixed inset-0 z-[var(--sitesearch-z-index)] flex items-start justify-center pt-[8vh] px-4 bg-[var(--sitesearch-overlay-color)] [animation:sitesearch-fade-in_.12s_ease-out] font-[var(--sitesearch-font)] text-left',
  'sitesearch-modal':
    'relative flex flex-col w-full max-w-[var(--sitesearch-modal-width)] max-h-[var(--sitesearch-modal-height)] rounded-[var(--sitesearch-radius)] bg-[var(--sitesearch-modal-background)] text-[var(--sitesearch-text-color)] [box-shadow:var(--sitesearch-shadow)] [animation:sitesearch-rise_.16s_ease-out] overflow-hidden',
  'sitesearch-searchbar': 'flex items-center gap-2 px-3 pt-3 pb-2',
  'sitesearch-form':
    'relative flex items-center flex-1 min-w-0 h-[var(--sitesearch-searchbox-height)] m-0 px-3 rounded-[calc(var(--sitesearch-radius)-2px)] border-2 border-solid border-[var(--sitesearch-primary-color)] bg-[var(--sitesearch-modal-background)]',
  'sitesearch-magnifier': 'flex items-center text-[var(--sitesearch-primary-color)]',
  'sitesearch-icon': 'w-5 h-5',
  'sitesearch-input':
    'flex-1 min-w-0 h-full m-0 px-2 border-0 outline-none appearance-none bg-transparent text-[var(--sitesearch-text-color)] font-[inherit] text-lg',
  'sitesearch-reset': 'flex items-center justify-center w-8 h-8 p-0 border-0 rounded-full bg-transparent text-[var(--sitesearch-muted-color)] cursor-pointer hover:text-[var(--sitesearch-primary-color)]',
  'sitesearch-cancel': 'shrink-0 h-10 px-2 border-0 bg-transparent text-[var(--sitesearch-primary-color)] font-[inherit] text-sm cursor-pointer',
  'sitesearch-dropdown': 'flex-1 min-h-[96px] overflow-y-auto overscroll-contain px-3 pb-3',
  'sitesearch-list': 'flex flex-col gap-4',
  'sitesearch-section': 'flex flex-col gap-1',
  'sitesearch-section-title': 'sticky top-0 z-1 py-1.5 px-1 bg-[var(--sitesearch-modal-background)] text-[var(--sitesearch-primary-color)] text-xs font-semibold tracking-wide uppercase',
  'sitesearch-hit-row': 'flex items-stretch rounded-[calc(var(--sitesearch-radius)-2px)] bg-[var(--sitesearch-hit-background)] [box-shadow:0_1px_2px_rgba(31,35,40,.12)]',
  'sitesearch-hit':
    'flex flex-1 items-center gap-3 min-w-0 min-h-[var(--sitesearch-hit-height)] px-3 py-2 rounded-[calc(var(--sitesearch-radius)-2px)] text-[var(--sitesearch-hit-color)] no-underline cursor-pointer outline-none',
  'sitesearch-hit-link': 'flex flex-1 items-center gap-3 min-w-0 text-inherit no-underline outline-none',
  'sitesearch-hit-action-cell': 'flex items-stretch',
  'sitesearch-hit--active': 'bg-[var(--sitesearch-hit-active-background)] text-[var(--sitesearch-hit-active-color)]',
  'sitesearch-hit--custom': 'block',
  'sitesearch-hit-icon-wrap': 'flex shrink-0 items-center justify-center w-6 text-[var(--sitesearch-muted-color)]',
  'sitesearch-hit-icon': 'w-5 h-5',
  'sitesearch-hit-text': 'flex flex-col flex-1 min-w-0 gap-0.5',
  'sitesearch-hit-title': 'text-[15px] leading-snug truncate',
  'sitesearch-hit-path': 'text-[.75rem] leading-snug text-[var(--sitesearch-muted-color)] truncate',
  'sitesearch-hit-enter': 'w-4 h-4 shrink-0 opacity-0',
  'sitesearch-hit-action':
    'flex items-center justify-center w-9 shrink-0 p-0 border-0 bg-transparent text-[var(--sitesearch-muted-color)] cursor-pointer hover:text-[var(--sitesearch-primary-color)]',
  'sitesearch-action-icon': 'w-[18px] h-[18px]',
  'sitesearch-mark': 'bg-transparent text-[var(--sitesearch-primary-color)] font-semibold underline underline-offset-2',
  'sitesearch-screen': 'flex flex-col items-center gap-2 m-0 px-4 py-10 text-center text-[var(--sitesearch-muted-color)] text-sm',
  'sitesearch-screen-icon': 'w-10 h-10 text-[var(--sitesearch-muted-color)]',
  'sitesearch-screen-title': 'm-0 text-base text-[var(--sitesearch-text-color)]',
  'sitesearch-screen-help': 'm-0 text-sm',
  'sitesearch-suggestions': 'flex flex-col items-center gap-1 [&_ul]:(flex flex-wrap justify-center gap-1 m-0 p-0 list-none)',
  'sitesearch-suggestion': 'p-1 border-0 bg-transparent text-[var(--sitesearch-primary-color)] font-[inherit] text-sm cursor-pointer underline',
  'sitesearch-link': 'text-[var(--sitesearch-primary-color)] underline',
  'sitesearch-results-footer': 'pt-3 text-sm text-[var(--sitesearch-muted-color)]',
  'sitesearch-footer':
    'flex items-center justify-between shrink-0 h-[var(--sitesearch-footer-height)] px-4 border-t border-t-solid border-[var(--sitesearch-border-color)] bg-[var(--sitesearch-background)] text-[var(--sitesearch-muted-color)] text-xs',
  'sitesearch-commands': 'flex gap-4 m-0 p-0 list-none [&_li]:(flex items-center gap-1)',
  'sitesearch-key':
    'inline-flex items-center justify-center min-w-[20px] h-[18px] px-1 rounded bg-[var(--sitesearch-key-background)] text-[var(--sitesearch-key-color)] font-[system-ui,sans-serif] text-[11px] [box-shadow:inset_0_-1px_0_var(--sitesearch-border-color)]',
  'sitesearch-command-label': 'ml-1',
  // A screen of the modal is a fragment of its flex column, not a box of its own.
  'sitesearch-screen-frame': 'contents',
  'sitesearch-ask-ai-label': 'font-semibold',
};

/** One UnoCSS config per stylesheet, so each file holds only what its part of the widget needs. */
export const stylesheetConfigs = {
  // The search button's; the Sidepanel trigger's rules (sidepanel.mjs) are a file of their own,
  // sidepanel-button.css, so pages without a Sidepanel do not load them (see scripts/build.mjs).
  button: { presets: [presetWind3({ preflight: false })], shortcuts: buttonShortcuts, preflights: [{ getCSS: () => buttonPreflight }] },
  modal: { presets: [presetWind3({ preflight: false })], shortcuts: modalShortcuts, preflights: [{ getCSS: () => modalPreflight }] },
  // The chat's (Ask AI screen, Markdown, prompt): loaded with the chat, so keyword-only pages never pay for it.
  chat: { presets: [presetWind3({ preflight: false })], shortcuts: chatShortcuts, preflights: [{ getCSS: () => chatPreflight }] },
  // The Sidepanel's (sidepanel.mjs): loaded with the panel's code; its chat adds chat.css.
  sidepanel: { presets: [presetWind3({ preflight: false })], shortcuts: {}, preflights: [{ getCSS: () => sidepanelPreflight }] },
};
