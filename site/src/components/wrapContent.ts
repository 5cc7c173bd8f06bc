/**
 * Build-time wrappers for a page's content, applied by the layout to the rendered HTML so pages
 * stay plain `<table>` and `<pre>` (no component per table or code block):
 * - a table goes in a scroll box (`.table-scroll`) so a wide table scrolls on its own instead of
 *   widening the page. The box is focusable, so keyboard users can scroll it, and named after
 *   the heading above the table, so screen readers say what it holds;
 * - a code block goes in a frame (`.code-block`) the copy button is positioned in (a button
 *   inside the scrolling <pre> would scroll away with the code). The <pre> is focusable, so a
 *   long line can be scrolled from the keyboard.
 */
const TOKENS = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>|<table\b|<\/table>|<pre\b|<\/pre>/g;

/** Heading markup → attribute-safe text: tags dropped, entities kept as written (they are valid in attributes too). */
const headingText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/"/g, '&quot;').replace(/\s+/g, ' ').trim();

export function wrapContent(html: string): string {
  let heading = '';
  return html.replace(TOKENS, (token, _level: string | undefined, inner: string | undefined) => {
    if (inner !== undefined) {
      heading = headingText(inner);
      return token;
    }
    if (token === '<table') return `<div class="table-scroll" role="region" tabindex="0" aria-label="${heading ? `Table: ${heading}` : 'Table'}"><table`;
    if (token === '</table>') return '</table></div>';
    if (token === '<pre') return '<div class="code-block"><pre tabindex="0"';
    return '</pre></div>';
  });
}
