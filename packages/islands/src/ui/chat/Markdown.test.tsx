import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { Markdown } from './Markdown.js';
import { click, mount, translations, unmountAll, update } from './testing.js';
import { COPIED_FOR_MS } from './useCopy.js';

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

const renderMarkdown = (text: string) => mount(<Markdown text={text} translations={translations} />);

describe('Markdown', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](  java\tscript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="https://evil.example">x</a>',
    '![x](javascript:alert(1))',
    '<javascript:alert(1)>',
    '<svg onload=alert(1)>',
    '```\n</code></pre><script>alert(1)</script>\n```',
    '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  ])('renders %j without script, image or unsafe link', (payload) => {
    const root = renderMarkdown(`Before\n\n${payload}\n\nafter **bold** ${payload}`);
    expect(root.querySelector('script, img, svg:not(.sitesearch-chat-icon), iframe, object, embed, [onerror], [onload], [style]')).toBeNull();
    for (const link of root.querySelectorAll('a')) {
      // A bare https URL inside the HTML may become a link of its own: that is an allowed URL.
      expect(link.getAttribute('href')).toMatch(/^https?:\/\/[^"<>]+$/);
      expect(link.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
    }
    expect(root.querySelectorAll('a')).toHaveLength(payload.includes('https://') ? 2 : 0);
  });

  it('shows raw HTML as literal text', () => {
    const root = renderMarkdown('Use <kbd>Ctrl</kbd> and <script>x()</script>');
    expect(root.textContent).toBe('Use <kbd>Ctrl</kbd> and <script>x()</script>');
    expect(root.querySelector('kbd')).toBeNull();
  });

  it('opens links in a new tab without the opener', () => {
    const root = renderMarkdown('[Guide](/guide/) and https://example.com/a');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('href'), link.target, link.rel])).toEqual([
      ['/guide/', '_blank', 'noopener noreferrer'],
      ['https://example.com/a', '_blank', 'noopener noreferrer'],
    ]);
  });

  it('renders headings below the host’s, lists, quotes, tables and inline code', () => {
    const root = renderMarkdown('# Title\n\n1. one\n2. two\n   - nested\n\n> note\n\n| a | b |\n|---|--:|\n| `x` | y |');
    expect(root.querySelector('h3')?.textContent).toBe('Title');
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelector('ol > li ul > li')?.textContent).toBe('nested');
    expect(root.querySelector('blockquote')?.textContent).toBe('note');
    expect(root.querySelector('td code')?.textContent).toBe('x');
    expect(root.querySelector('td[align="right"]')?.textContent).toBe('y');
  });

  it('renders an unclosed fence as a code block while streaming', () => {
    const root = renderMarkdown('Install:\n\n```bash\nnpm install @sitesearch/islands\nnpx sitesearch');
    const code = root.querySelector('pre code');
    expect(code?.className).toBe('language-bash');
    expect(code?.textContent).toBe('npm install @sitesearch/islands\nnpx sitesearch');
  });

  it('copies a code block and says so for a moment', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = renderMarkdown('```js\nconsole.log(1)\n```');
    const button = root.querySelector('.sitesearch-code button')!;
    expect(button.textContent).toBe('Copy');
    click(button);
    await update();
    expect(writeText).toHaveBeenCalledWith('console.log(1)');
    expect(button.textContent).toBe('Copied!');
    await update(() => vi.advanceTimersByTime(COPIED_FOR_MS));
    expect(button.textContent).toBe('Copy');
  });

  it('does not claim a copy the clipboard refused', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    const root = renderMarkdown('```\nx\n```');
    const button = root.querySelector('.sitesearch-code button')!;
    click(button);
    await update();
    expect(button.textContent).toBe('Copy');
  });
});
