/**
 * The inline Sidepanel makes room for itself: the page's content gets a margin on the panel's side
 * equal to the panel's width, with a transition, and gets back exactly what it had on close.
 *
 * Written through the CSSOM only (`style.setProperty`), which a strict `style-src` policy allows,
 * unlike writing the `style` attribute. Fetched by the panel for the inline variant only, with
 * the component that drives it (`PushedPage`), so a floating panel carries none of it.
 */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Application roots of common site generators, each a wrapper of the whole page but not `<body>`:
 * Docusaurus, Next.js, Nuxt, then the roots single-page apps usually mount into. Tried one by
 * one, in this order: a single selector list (`'#root, main, body'`) returns whichever comes
 * first in the document, and that is always `<body>` (DocSearch's bug).
 */
const APP_ROOTS = ['#__docusaurus', '#__next', '#__nuxt', '#root', '#app'];

/**
 * The element the inline panel pushes:
 * 1. `pushTarget` when given (a selector, or the element itself);
 * 2. else the first of the known application roots present on the page;
 * 3. else the page's wrapper: the child of `<body>` that holds its `<main>` (or `[role=main]`), so
 *    a header fixed above it stays in place and the whole layout (sidebar, content) shifts together;
 * 4. else `<body>` itself, for a page with no wrapper at all.
 * Elements inside `exclude` (the panel's own host) are never chosen. `undefined` when a given
 * selector matches nothing (nothing is pushed rather than the wrong thing).
 */
export function findPushTarget(document: Document, pushTarget?: string | HTMLElement, exclude?: Element): HTMLElement | undefined {
  if (pushTarget !== undefined) {
    if (typeof pushTarget !== 'string') return pushTarget;
    return document.querySelector<HTMLElement>(pushTarget) ?? undefined;
  }
  const usable = (element: Element | null): element is HTMLElement => !!element && !exclude?.contains(element) && element !== document.documentElement;
  for (const selector of APP_ROOTS) {
    const root = document.querySelector(selector);
    if (usable(root)) return root;
  }
  const main = document.querySelector('main, [role="main"]');
  const body = document.body;
  if (main && body?.contains(main)) {
    let wrapper: Element = main;
    while (wrapper.parentElement && wrapper.parentElement !== body) wrapper = wrapper.parentElement;
    if (usable(wrapper)) return wrapper;
  }
  return body ?? undefined;
}

/** What `pushContent` touches, saved to be put back as it was. */
const PROPERTIES = ['margin-left', 'margin-right', 'transition'] as const;

export interface PushedContent {
  /** The panel changed width (expanded or collapsed): the margin follows. */
  resize(width: string): void;
  /**
   * Moves the content back (with the transition), then restores the element's inline style
   * exactly as it was. `immediately` skips the transition (the panel is going away).
   */
  restore(immediately?: boolean): void;
}

export interface PushOptions {
  side: 'left' | 'right';
  /** Any CSS width (the panel's). */
  width: string;
  /**
   * Length of the margin's transition in ms, the panel's slide (slideDuration.ts); 0 under
   * `prefers-reduced-motion`. Passed in rather than imported: this module is a chunk of its own
   * (inline only), and a constant shared with the panel would be one more.
   */
  duration: number;
  /** Timers of the page's window. */
  environment: Pick<Window, 'setTimeout' | 'clearTimeout'>;
}

/** Pushes `target` by `width` on `side`; returns how to resize and to undo it. */
export function pushContent(target: HTMLElement, { side, width, duration, environment }: PushOptions): PushedContent {
  const animate = duration > 0;
  const style = target.style;
  const hadStyle = target.hasAttribute('style');
  const saved = PROPERTIES.map((name) => [name, style.getPropertyValue(name), style.getPropertyPriority(name)] as const);
  const margin = side === 'right' ? 'margin-right' : 'margin-left';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const putBack = () => {
    for (const [name, value, priority] of saved) {
      if (value) style.setProperty(name, value, priority);
      else style.removeProperty(name);
    }
    if (!hadStyle && style.length === 0) target.removeAttribute('style');
  };

  if (animate) style.setProperty('transition', `${margin} ${duration}ms ease`);
  style.setProperty(margin, width, 'important');

  return {
    resize(next) {
      if (!done) style.setProperty(margin, next, 'important');
    },
    restore(immediately = false) {
      if (done) {
        if (immediately && timer !== undefined) {
          environment.clearTimeout(timer);
          timer = undefined;
          putBack();
        }
        return;
      }
      done = true;
      if (immediately || !animate) return putBack();
      // Back to the page's own margin (inline or from its stylesheet) with the transition still
      // on, then everything as it was.
      const original = saved.find(([name]) => name === margin)!;
      if (original[1]) style.setProperty(margin, original[1], original[2]);
      else style.removeProperty(margin);
      timer = environment.setTimeout(() => {
        timer = undefined;
        putBack();
      }, duration);
    },
  };
}

export interface PushedPageProps {
  /** The panel's element: never chosen as what is pushed. */
  panel: RefObject<HTMLElement | null>;
  /** The panel shows beside the page (open, and not full screen on a small screen). */
  active: boolean;
  pushTarget: string | HTMLElement | undefined;
  side: PushOptions['side'];
  width: string;
  duration: number;
  environment: Window;
}

/**
 * Renders nothing: pushes the page while the inline panel is `active`, follows its width (the
 * expand toggle), restores the page when it closes, and restores it at once when unmounted.
 */
export function PushedPage({ panel, active, pushTarget, side, width, duration, environment }: PushedPageProps): null {
  const pushed = useRef<{ content: PushedContent; active: boolean } | undefined>(undefined);
  useEffect(() => {
    const current = pushed.current;
    if (active) {
      if (current?.active) return current.content.resize(width);
      current?.content.restore(true);
      const target = findPushTarget(environment.document, pushTarget, panel.current ?? undefined);
      pushed.current = target && { content: pushContent(target, { side, width, duration, environment }), active: true };
    } else if (current?.active) {
      current.active = false;
      current.content.restore();
    }
  }, [active, width]);
  useEffect(() => () => pushed.current?.content.restore(true), []);
  return null;
}
