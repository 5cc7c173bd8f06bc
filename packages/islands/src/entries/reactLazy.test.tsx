import { act, createContext, useContext } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchButtonHtml } from '../shell/buttonMarkup.js';
import { sidepanelButtonHtml } from '../shell/sidepanelButtonMarkup.js';
import { SiteSearch as EagerSiteSearch } from './react.js';
import { Sidepanel, SiteSearch } from './reactLazy.js';
import { SiteSearchModal, type SiteSearchModalProps } from './reactLazyModal.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const client = { search: async () => ({ results: [{ hits: [], nbHits: 0 }] }) };
const props = { indices: ['docs'], searchClient: client };

/**
 * Stylesheets "arrive" a moment after they are linked, as in a browser (happy-dom, which fetches
 * nothing here, settles them while they are appended, before the loader listens).
 */
const arrive = new MutationObserver((records) => {
  for (const node of records.flatMap((record) => [...record.addedNodes])) {
    if (node instanceof HTMLLinkElement && node.rel === 'stylesheet' && !node.href.includes('held')) setTimeout(() => node.dispatchEvent(new Event('load')), 5);
  }
});
arrive.observe(document.head, { childList: true });

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

/** Waits until `check` passes, inside act (the widget's chunk is a dynamic import). */
async function until(check: () => void) {
  for (let attempt = 0; ; attempt++) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt > 250) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
}

describe('<SiteSearch /> (React lazy entry)', () => {
  it('server-renders the SSR shell button, byte for byte, as the full React entry does', () => {
    expect(renderToString(<SiteSearch {...props} />)).toBe(searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true }));
    expect(renderToString(<SiteSearch {...props} />)).toBe(renderToString(<EagerSiteSearch {...props} />));
    const custom = { ...props, keyboardShortcuts: { 'Ctrl/Cmd+K': false }, translations: { button: { buttonText: 'Chercher', buttonAriaLabel: 'Chercher dans la doc' } } };
    expect(renderToString(<SiteSearch {...custom} stylesheets={['/modal.css']} />)).toBe(renderToString(<EagerSiteSearch {...custom} />));
  });

  it('hydrates without a mismatch; a click links the stylesheet, then opens the modal with the keys typed meanwhile', async () => {
    const error = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SiteSearch {...props} stylesheets={['/assets/modal.css']} />);
    document.body.appendChild(container);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <SiteSearch {...props} stylesheets={['/assets/modal.css']} />);
    });
    expect(error).not.toHaveBeenCalled();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    // The typing proxy has focus until the modal mounts.
    (document.activeElement as HTMLInputElement).value = 'vite';
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(document.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/modal.css');
    expect(document.querySelector<HTMLInputElement>('[role="dialog"] input')!.value).toBe('vite');
    await act(async () => root.unmount());
    // The loader's link goes with it.
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it('shows the modal only once its stylesheet applied, with the keys typed while it was held back', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<SiteSearch {...props} stylesheets={['/held/modal.css']} />));
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    (document.activeElement as HTMLInputElement).value = 'con';
    // The widget's chunk has long arrived by now; the stylesheet has not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load')));
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(document.querySelector<HTMLInputElement>('[role="dialog"] input')!.value).toBe('con');
    await act(async () => root.unmount());
  });

  it('reports options it refuses in the console when the widget loads, without throwing into the page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<SiteSearch {...props} maxResultsPerGroup={0} />));
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    await until(() => expect(error).toHaveBeenCalled());
    expect(String(error.mock.calls[0]?.[1])).toMatch(/maxResultsPerGroup/);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(container.querySelector('button')).not.toBeNull();
    await act(async () => root.unmount());
  });
});

describe('<SiteSearch /> with an assistant (the chat’s option rules, a chunk of their own)', () => {
  it('opens the modal with Ask AI once the rules arrive, and reports an askAi they refuse', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<SiteSearch {...props} appId="APP" apiKey="KEY" askAi="assistant-1" />));
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(document.querySelector<HTMLInputElement>('[role="dialog"] input')!.placeholder).toMatch(/ask ai/i);
    expect(error).not.toHaveBeenCalled();
    await act(async () => root.unmount());

    const refused = document.body.appendChild(document.createElement('div'));
    const second = createRoot(refused);
    await act(async () => second.render(<SiteSearch {...props} askAi={{ assistantID: 'x' } as never} />));
    await act(async () => refused.querySelector<HTMLButtonElement>('button')!.click());
    await until(() => expect(error).toHaveBeenCalled());
    expect(String(error.mock.calls[0]?.[1])).toMatch(/askAi\.assistantID/);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => second.unmount());
  });
});

describe('<SiteSearch modal> (options completed in a chunk of the page’s own)', () => {
  it('renders the page’s component, which reads the page’s context, inside the page’s tree', async () => {
    const Placeholder = createContext('none');
    function PageModal({ options, ...rest }: SiteSearchModalProps) {
      return <SiteSearchModal options={{ ...options, placeholder: useContext(Placeholder) }} {...rest} />;
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <Placeholder.Provider value="Search the guide">
          <SiteSearch {...props} modal={async () => PageModal} />
        </Placeholder.Provider>,
      ),
    );
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    await until(() => expect(document.querySelector('[role="dialog"] input')?.getAttribute('placeholder')).toBe('Search the guide'));
    await act(async () => root.unmount());
  });
});

describe('<Sidepanel /> (React lazy entry)', () => {
  const panel = { appId: 'APP', apiKey: 'KEY', assistantId: 'assistant', indexName: 'docs' };

  it('server-renders the SSR shell trigger, byte for byte', () => {
    expect(renderToString(<Sidepanel {...panel} side="left" />)).toBe(sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'left', showShortcutHint: true }));
    expect(renderToString(<Sidepanel {...panel} keyboardShortcuts={{ 'Ctrl/Cmd+I': false }} translations={{ sidepanel: { buttonText: 'Demander' } }} />)).toBe(
      sidepanelButtonHtml({ buttonText: 'Demander', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: false }),
    );
  });

  it('a click links the panel’s stylesheet and opens the panel', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<Sidepanel {...panel} stylesheets={['/assets/sidepanel.css']} />));
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(document.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/sidepanel.css');
    await act(async () => root.unmount());
  });
});
