import { cloneElement, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { toSafeUrl } from '../core/search/safeUrl.js';

/**
 * Makes a rendered hit the listbox option: a link the template returned becomes the option
 * itself (an option must not contain another interactive element), anything else is wrapped.
 */
export function asOption(rendered: ReactNode, optionProps: Record<string, unknown>): ReactElement {
  if (isValidElement(rendered) && rendered.type === 'a') {
    const own = rendered.props as { className?: string; class?: string; href?: unknown };
    const className = [own.className ?? own.class, optionProps.className].filter(Boolean).join(' ');
    // A template may put a hit's URL in `href`: it is untrusted, so it gets the same check as ours.
    const merged: Record<string, unknown> = { ...optionProps, className, href: toSafeUrl(own.href) };
    // htm writes `class`; keep one spelling so the element does not get two class attributes.
    if (own.class !== undefined) {
      merged.class = className;
      delete merged.className;
    }
    return cloneElement(rendered as ReactElement<Record<string, unknown>>, merged);
  }
  return createElement('div', optionProps, rendered);
}
