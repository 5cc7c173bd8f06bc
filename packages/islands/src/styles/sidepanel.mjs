// The Sidepanel's styles. Two parts:
// - the trigger's ("Ask AI", floating in the bottom corner of the panel's side), loaded before any
//   interaction on pages with a Sidepanel (sidepanel-button.css; on the CDN inside
//   cdn/sitesearch.css): kept to a few rules, it reuses the search button's key caps and custom
//   properties;
// - the panel's, in sidepanel.css (cdn/sitesearch-sidepanel.css, loaded on intent with the
//   panel's code). The chat inside it is styled by chat.css.
// Written as plain rules: the panel is a handful of boxes whose states are attributes
// (`data-side`, `data-theme`, `data-state`, `hidden`), which selectors say more plainly than utilities.

/**
 * The trigger. Inverted colours (text colour as background) so it stands out on light and dark
 * pages alike. A Tab stop with a visible focus ring (DocSearch's floating trigger is `tabindex=-1`).
 */
export const sidepanelButtonPreflight = `
.sitesearch-sidepanel-button{position:fixed;bottom:1rem;right:1rem;z-index:2147482000;display:inline-flex;align-items:center;gap:8px;height:40px;margin:0;padding:0 14px;border:0;border-radius:20px;background:var(--sitesearch-text-color);color:var(--sitesearch-background);font:600 14px/1 var(--sitesearch-font);cursor:pointer;box-shadow:0 4px 14px rgba(31,35,40,.3)}
.sitesearch-sidepanel-button[data-side=left]{right:auto;left:1rem}
.sitesearch-sidepanel-button:focus-visible{outline:2px solid var(--sitesearch-focus-color);outline-offset:2px}
.sitesearch-sidepanel-button-icon{width:18px;height:18px;flex-shrink:0}
.sitesearch-sidepanel-button-keys{display:inline-flex;gap:4px}
.sitesearch-sidepanel-button .sitesearch-button-key{background:rgba(128,128,128,.35);color:inherit;box-shadow:none}
@media (max-width:768px){.sitesearch-sidepanel-button-keys.sitesearch-sidepanel-button-keys{display:none}}
`;

/**
 * Colours of the panel in each theme. A `theme` option given is the panel's `data-theme` and
 * decides, whatever the page's theme. Without one the panel has no `data-theme` and follows the
 * page as the search modal does: dark under any `[data-theme=dark]` ancestor (live when the page
 * toggles), light otherwise.
 */
const light = `--sitesearch-primary-color:#2f4fd8;--sitesearch-text-color:#1f2328;--sitesearch-muted-color:#57606a;--sitesearch-background:#f6f8fa;--sitesearch-border-color:#d0d7de;--sitesearch-focus-color:#2f4fd8;--sitesearch-key-background:#eaeef2;--sitesearch-key-color:#3d444d;--sitesearch-modal-background:#fff;--sitesearch-hit-background:#fff;--sitesearch-sidepanel-shadow:0 12px 40px rgba(31,35,40,.22)`;
const dark = `--sitesearch-primary-color:#8fa8ff;--sitesearch-text-color:#e6edf3;--sitesearch-muted-color:#a3adb8;--sitesearch-background:#0d1117;--sitesearch-border-color:#3d444d;--sitesearch-focus-color:#8fa8ff;--sitesearch-key-background:#2d333b;--sitesearch-key-color:#d1d7e0;--sitesearch-modal-background:#161b22;--sitesearch-hit-background:#1f252e;--sitesearch-sidepanel-shadow:0 12px 40px rgba(1,4,9,.6)`;

/**
 * The panel. Its width is `--sitesearch-sidepanel-width`, set on the element from the `width` and
 * `expandedWidth` options. Sites restyle it by setting `--sitesearch-*` properties on
 * `.sitesearch-sidepanel` (its theme sets them there, over the page's `:root`).
 */
export const sidepanelPreflight = `
.sitesearch-sidepanel:not([data-theme=dark]){${light}}
.sitesearch-sidepanel[data-theme=dark],[data-theme=dark] .sitesearch-sidepanel:not([data-theme]){${dark};color-scheme:dark}
.sitesearch-sidepanel{--sitesearch-radius:10px;position:fixed;z-index:var(--sitesearch-z-index,2147483000);top:0;bottom:0;right:0;box-sizing:border-box;display:flex;flex-direction:column;width:var(--sitesearch-sidepanel-width,360px);max-width:100vw;margin:0;background:var(--sitesearch-modal-background);color:var(--sitesearch-text-color);font-family:var(--sitesearch-font,inherit);font-size:15px;line-height:1.5;text-align:start;outline:none;transition:width .28s ease;animation:sitesearch-sidepanel-in-right .28s ease-out}
.sitesearch-sidepanel[data-side=left]{right:auto;left:0;animation-name:sitesearch-sidepanel-in-left}
.sitesearch-sidepanel[hidden]{display:none!important}
.sitesearch-sidepanel[data-state=closed]{animation:sitesearch-sidepanel-out-right .28s ease-in forwards}
.sitesearch-sidepanel[data-state=closed][data-side=left]{animation-name:sitesearch-sidepanel-out-left}
.sitesearch-sidepanel--floating{top:1rem;bottom:1rem;right:1rem;max-width:calc(100vw - 2rem);border:1px solid var(--sitesearch-border-color);border-radius:12px;box-shadow:var(--sitesearch-sidepanel-shadow);overflow:hidden}
.sitesearch-sidepanel--floating[data-side=left]{left:1rem}
.sitesearch-sidepanel--inline{border-inline-start:1px solid var(--sitesearch-border-color)}
.sitesearch-sidepanel--inline[data-side=left]{border-inline-start:0;border-inline-end:1px solid var(--sitesearch-border-color)}
.sitesearch-sidepanel-header{display:flex;align-items:center;gap:2px;flex-shrink:0;padding:8px 8px 8px 16px;border-bottom:1px solid var(--sitesearch-border-color)}
.sitesearch-sidepanel-title{flex:1;min-width:0;margin:0;font-size:15px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sitesearch-sidepanel-action{display:inline-flex;align-items:center;justify-content:center;flex-shrink:0;width:34px;height:34px;margin:0;padding:0;border:0;border-radius:8px;background:transparent;color:var(--sitesearch-muted-color);cursor:pointer}
.sitesearch-sidepanel-action:hover,.sitesearch-sidepanel-action[aria-pressed=true]{background:var(--sitesearch-background);color:var(--sitesearch-primary-color)}
.sitesearch-sidepanel :is(button,a,[tabindex]):focus-visible{outline:2px solid var(--sitesearch-focus-color);outline-offset:1px}
.sitesearch-sidepanel .sitesearch-action-icon{width:18px;height:18px}
.sitesearch-sidepanel-body{display:flex;flex-direction:column;flex:1;min-height:0}
.sitesearch-sidepanel-history{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:8px 12px 12px;outline:none}
.sitesearch-sidepanel-history-bar{display:flex;align-items:center;gap:6px;margin:0 0 8px -4px}
.sitesearch-sidepanel-history-title{margin:0;font-weight:600}
.sitesearch-sidepanel-status{display:flex;flex-direction:column;align-items:center;gap:4px;padding:40px 16px;text-align:center;color:var(--sitesearch-muted-color)}
.sitesearch-sidepanel-status>p{margin:0}
.sitesearch-sidepanel-status-title{color:var(--sitesearch-text-color)}
body:has(.sitesearch-sidepanel[data-state=open]) .sitesearch-sidepanel-button{visibility:hidden}
.sitesearch--scroll-locked{overflow:hidden!important}
.sitesearch--scroll-locked body{padding-right:var(--sitesearch-scrollbar-width,0)!important}
@keyframes sitesearch-sidepanel-in-right{from{transform:translateX(calc(100% + 1rem))}}
@keyframes sitesearch-sidepanel-in-left{from{transform:translateX(calc(-100% - 1rem))}}
@keyframes sitesearch-sidepanel-out-right{to{transform:translateX(calc(100% + 1rem))}}
@keyframes sitesearch-sidepanel-out-left{to{transform:translateX(calc(-100% - 1rem))}}
@media (max-width:768px){
  .sitesearch-sidepanel.sitesearch-sidepanel{inset:0;width:100%;max-width:none;border:0;border-radius:0;box-shadow:none}
  .sitesearch-sidepanel-expand{display:none}
}
@media (prefers-reduced-motion:reduce){.sitesearch-sidepanel.sitesearch-sidepanel{animation:none;transition:none}}
`;
