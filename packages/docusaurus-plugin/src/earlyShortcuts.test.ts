import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { earlyScriptMiddleware, earlyScriptTag } from './earlyShortcuts.js';

describe('the early shortcut script', () => {
  it('is a <script src> under the base URL (no inline code), carrying the shortcuts when configured', () => {
    const tag = earlyScriptTag('/docs/', { '/': false });
    expect(tag).toEqual({ tagName: 'script', attributes: { src: expect.stringMatching(/^\/docs\/sitesearch-early\.js\?v=[0-9a-f]{8}$/), 'data-keyboard-shortcuts': '{"/":false}' } });
    expect(tag).not.toHaveProperty('innerHTML');
    expect(earlyScriptTag('/', undefined)?.attributes).not.toHaveProperty('data-keyboard-shortcuts');
  });

  it('is left out when both modal shortcuts are off, unless the Sidepanel has its Ctrl/Cmd+I', () => {
    const off = { 'Ctrl/Cmd+K': false, '/': false } as const;
    expect(earlyScriptTag('/', off)).toBeUndefined();
    expect(earlyScriptTag('/', off, false)).toBeUndefined();
    expect(earlyScriptTag('/', off, { keyboardShortcuts: { 'Ctrl/Cmd+I': false } })).toBeUndefined();
    expect(earlyScriptTag('/', off, true)?.attributes?.['data-keyboard-shortcuts']).toBe(JSON.stringify(off));
    expect(earlyScriptTag('/', off, { side: 'left' })).toBeDefined();
  });

  it('is answered by the dev server at its URL, and nothing else is', async () => {
    const { middleware } = earlyScriptMiddleware('/docs/');
    const server = createServer((request, response) => middleware(request, response, () => response.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const script = await fetch(`${origin}/docs/sitesearch-early.js?v=1`);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(await script.text()).toContain('sitesearch.early');
      expect((await fetch(`${origin}/sitesearch-early.js`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
