import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPushTarget, pushContent } from './pushContent.js';
import { PUSH_DURATION_MS } from './slideDuration.js';

const page = (html: string) => {
  document.body.innerHTML = html;
  return document;
};

afterEach(() => {
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  vi.useRealTimers();
});

describe('findPushTarget', () => {
  it('takes Docusaurus’ root even though <body> comes first in the document (DocSearch picks body)', () => {
    const doc = page('<header>top</header><div id="__docusaurus"><main>docs</main></div>');
    expect(findPushTarget(doc)?.id).toBe('__docusaurus');
  });

  it('without a known root, takes the child of <body> that holds <main>, not <body>', () => {
    const doc = page('<header class="fixed">top</header><div class="layout"><aside>nav</aside><div><main>docs</main></div></div>');
    expect(findPushTarget(doc)?.className).toBe('layout');
  });

  it('a configured selector or element wins; a selector matching nothing pushes nothing', () => {
    const doc = page('<div id="__docusaurus"><main id="content">docs</main></div>');
    expect(findPushTarget(doc, '#content')?.id).toBe('content');
    const element = doc.getElementById('__docusaurus')!;
    expect(findPushTarget(doc, element)).toBe(element);
    expect(findPushTarget(doc, '#missing')).toBeUndefined();
  });

  it('never picks the panel’s own host, and falls back to <body> on a page with no wrapper', () => {
    const doc = page('<div id="root" class="sitesearch-sidepanel-host"></div><p>plain page</p>');
    expect(findPushTarget(doc, undefined, doc.getElementById('root')!)).toBe(doc.body);
  });
});

describe('pushContent', () => {
  const environment = window;

  it('pushes by the width on the panel’s side and follows a resize', () => {
    const doc = page('<div id="app"></div>');
    const target = doc.getElementById('app')!;
    const pushed = pushContent(target, { side: 'right', width: '360px', duration: PUSH_DURATION_MS, environment });
    expect(target.style.getPropertyValue('margin-right')).toBe('360px');
    expect(target.style.getPropertyValue('transition')).toContain('margin-right');
    pushed.resize('580px');
    expect(target.style.getPropertyValue('margin-right')).toBe('580px');
    const left = pushContent(doc.body, { side: 'left', width: '30vw', duration: 0, environment });
    expect(doc.body.style.getPropertyValue('margin-left')).toBe('30vw');
    left.restore();
  });

  it('restores exactly: no style attribute when there was none, after the transition', () => {
    vi.useFakeTimers();
    const doc = page('<div id="app"></div>');
    const target = doc.getElementById('app')!;
    const pushed = pushContent(target, { side: 'right', width: '360px', duration: PUSH_DURATION_MS, environment });
    pushed.restore();
    // Sliding back: the margin is gone, the transition still on.
    expect(target.style.getPropertyValue('margin-right')).toBe('');
    expect(target.style.getPropertyValue('transition')).not.toBe('');
    vi.advanceTimersByTime(PUSH_DURATION_MS);
    expect(target.hasAttribute('style')).toBe(false);
  });

  it('puts back the page’s own inline margin and transition, with their priority', () => {
    const doc = page('<div id="app" style="color: red; margin-left: 2px; margin-right: 12px !important; transition: opacity 1s"></div>');
    const target = doc.getElementById('app')!;
    const before = ['color', 'margin-left', 'margin-right', 'transition'].map((name) => [target.style.getPropertyValue(name), target.style.getPropertyPriority(name)]);
    const pushed = pushContent(target, { side: 'right', width: '360px', duration: PUSH_DURATION_MS, environment });
    expect(target.style.getPropertyValue('margin-right')).toBe('360px');
    pushed.restore(true);
    const after = ['color', 'margin-left', 'margin-right', 'transition'].map((name) => [target.style.getPropertyValue(name), target.style.getPropertyPriority(name)]);
    expect(after).toEqual(before);
  });

  it('a restore still sliding back finishes at once when asked (the panel reopens or goes away)', () => {
    vi.useFakeTimers();
    const doc = page('<div id="app"></div>');
    const target = doc.getElementById('app')!;
    const pushed = pushContent(target, { side: 'left', width: '360px', duration: PUSH_DURATION_MS, environment });
    pushed.restore();
    pushed.restore(true);
    expect(target.hasAttribute('style')).toBe(false);
    vi.advanceTimersByTime(PUSH_DURATION_MS);
    expect(target.hasAttribute('style')).toBe(false);
  });
});
