import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { asOption } from './hitOption.js';
import { renderTemplate, templateHelpers, toRenderable } from './templates.js';

const { html } = templateHelpers;

describe('template helpers', () => {
  it('html builds elements, with interpolations as text and attributes', () => {
    const title = '<img src=x onerror=alert(1)>';
    const rendered = html`<a href=${'/guide/'} class="hit">${title}</a>` as ReactElement;
    expect(isValidElement(rendered)).toBe(true);
    expect(renderToStaticMarkup(rendered)).toBe('<a href="/guide/" class="hit">&lt;img src=x onerror=alert(1)&gt;</a>');
    expect((rendered.props as Record<string, unknown>).className).toBe('hit');
  });

  it('renders strings as text, calls functions, drops anything else', () => {
    expect(renderToStaticMarkup(<>{toRenderable('<b>bold</b>')}</>)).toBe('&lt;b&gt;bold&lt;/b&gt;');
    expect(renderToStaticMarkup(<>{toRenderable(() => 'from a function')}</>)).toBe('from a function');
    expect(toRenderable({ not: 'renderable' })).toBeNull();
    expect(toRenderable(undefined)).toBeNull();
  });

  it('makes a link the option itself, keeping its class and checking its href', () => {
    const option = asOption(html`<a href="javascript:alert(1)" class="mine">x</a>` as ReactElement, { role: 'option', id: 'o1', className: 'sitesearch-hit' });
    expect(renderToStaticMarkup(option)).toBe('<a class="mine sitesearch-hit" role="option" id="o1">x</a>');
    const safe = asOption(<a href="/ok">ok</a>, { role: 'option', className: 'sitesearch-hit' });
    expect(renderToStaticMarkup(safe)).toBe('<a href="/ok" role="option" class="sitesearch-hit">ok</a>');
  });

  it('wraps anything else in an option element', () => {
    expect(renderToStaticMarkup(asOption('plain', { role: 'option', id: 'o2' }))).toBe('<div role="option" id="o2">plain</div>');
  });
});



describe('renderTemplate', () => {
  it('falls back to the default rendering when a template throws, and reports it once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = () => {
      throw new Error('boom');
    };
    expect(renderToStaticMarkup(<>{renderTemplate('hitComponent', broken, <span>default</span>)}</>)).toBe('<span>default</span>');
    renderTemplate('hitComponent', broken, null);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toBe('sitesearch: option "hitComponent" threw while rendering; the default rendering is shown instead.');
    error.mockRestore();
  });

  it('shapes what a working template returned', () => {
    const rendered = renderTemplate('resultsFooterComponent', () => 'text', null, (node) => <p>{node}</p>);
    expect(renderToStaticMarkup(<>{rendered}</>)).toBe('<p>text</p>');
  });
});
