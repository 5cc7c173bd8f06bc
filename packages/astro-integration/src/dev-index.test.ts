import { describe, expect, it } from 'vitest';
import { fileForPath, pageLinks } from './dev-index.js';

describe('the dev crawler', () => {
  const page = new URL('http://127.0.0.1:4321/docs/guide/');

  it('follows same-site page links under the base, once each, without queries or fragments', () => {
    const html = `
      <a href="/docs/a/">a</a> <a href='../b/#part'>b</a> <a href=/docs/c.html?x=1>c</a>
      <a href="/docs/a/">again</a> <a href="https://example.com/docs/x/">other site</a>
      <a href="/elsewhere/">outside the base</a> <a href="/docs/file.pdf">file</a> <a href="/docs/">home</a>`;
    expect(pageLinks(html, page, '/docs/').sort()).toEqual(['/docs/', '/docs/a/', '/docs/b/', '/docs/c.html']);
  });

  it('writes each path where a static build would', () => {
    expect(fileForPath('/docs/', '/docs/')).toBe('index.html');
    expect(fileForPath('/docs/guide/', '/docs/')).toBe('guide/index.html');
    expect(fileForPath('/docs/guide', '/docs/')).toBe('guide/index.html');
    expect(fileForPath('/docs/a.html', '/docs/')).toBe('a.html');
    expect(fileForPath('/docs/caf%C3%A9/', '/docs/')).toBe('café/index.html');
  });
});
