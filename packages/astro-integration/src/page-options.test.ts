import { describe, expect, it } from 'vitest';
import type { ClientConfig } from './config-types.js';
import { sidepanelEarlyScript, siteSearchEarlyScript } from './page-options.js';

const config = (keyboardShortcuts?: { 'Ctrl/Cmd+K'?: boolean; '/'?: boolean }) => ({ options: { keyboardShortcuts } }) as unknown as ClientConfig;
const BOTH_OFF = { 'Ctrl/Cmd+K': false, '/': false };

describe('the early shortcuts script, once per page', () => {
  it('is linked by <Sidepanel /> on a page without <SiteSearch />, and only by the first one', () => {
    const page = {};
    expect(sidepanelEarlyScript(page, config(), true)).toEqual({});
    expect(sidepanelEarlyScript(page, config(), true)).toBeUndefined();
    // Ctrl/Cmd+I off: the script would do nothing for the panel.
    expect(sidepanelEarlyScript({}, config(), false)).toBeUndefined();
  });

  it('is linked by the first of <SiteSearch /> and <Sidepanel />, whichever renders first', () => {
    const searchFirst = {};
    expect(siteSearchEarlyScript(searchFirst, { '/': false })).toEqual({ 'data-keyboard-shortcuts': '{"/":false}' });
    expect(sidepanelEarlyScript(searchFirst, config(), true)).toBeUndefined();
    const panelFirst = {};
    expect(sidepanelEarlyScript(panelFirst, config({ '/': false }), true)).toEqual({ 'data-keyboard-shortcuts': '{"/":false}' });
    expect(siteSearchEarlyScript(panelFirst, { '/': false })).toBeUndefined();
    // Pages do not share: another page links its own.
    expect(siteSearchEarlyScript({}, undefined)).toEqual({});
  });

  it('carries the modal shortcuts of the page: both off still links it for the Sidepanel', () => {
    const page = {};
    expect(siteSearchEarlyScript(page, BOTH_OFF)).toBeUndefined();
    expect(sidepanelEarlyScript(page, config(), true)).toEqual({ 'data-keyboard-shortcuts': JSON.stringify(BOTH_OFF) });
    // A <SiteSearch options> the Sidepanel rendered before could not know: it links its own.
    const panelFirst = {};
    expect(sidepanelEarlyScript(panelFirst, config(), true)).toEqual({});
    expect(siteSearchEarlyScript(panelFirst, BOTH_OFF)).toEqual({ 'data-keyboard-shortcuts': JSON.stringify(BOTH_OFF) });
  });
});
