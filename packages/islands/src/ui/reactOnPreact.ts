/**
 * What the UI uses of the React API, on Preact: the builds that ship Preact (JS, CDN, Astro) alias
 * `react`, `react-dom` and `react-dom/client` to this module instead of `preact/compat`, which
 * costs about 2.5 KB gzip for features the UI does not use (class components' legacy lifecycles,
 * `Children`, `Suspense`, `memo`, synthetic-event shims, a React element marker…). What the UI does
 * rely on, beyond Preact's core and hooks, is written here:
 *
 * - `onChange` on text fields fires on every keystroke (React's meaning; the DOM's `change` waits
 *   for blur), so it is listened to as `input`;
 * - SVG's camel-case attributes (`strokeWidth`) are written dashed, as SVG requires;
 * - `event.nativeEvent` is the event itself;
 * - `useSyncExternalStore` and `createRoot`.
 *
 * Anything else a module imports from `react` fails the build (esbuild: "No matching export"), so
 * a new React feature cannot silently misbehave: it is added here or the module uses another way.
 * The React entry compiles against real React; unit tests render through `preact/compat`.
 */
import { options, render, type ComponentChild, type VNode } from 'preact';
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

export { Component, Fragment, cloneElement, createElement, isValidElement } from 'preact';
export { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

/** SVG presentation attributes written in camel case in JSX (`strokeLinecap` → `stroke-linecap`). */
const SVG_CAMEL = /^(?:stroke|fill|clip(?!PathU)|stop|flood|font|marker(?!H|W|U)|text(?!L)|color|dominant|lighting|paint|pointer|shape|vector|word|writing|letter|baseline|alignment)[A-Z]/;

const previousVNode = options.vnode;
options.vnode = (vnode: VNode<Record<string, unknown>>) => {
  const { type, props } = vnode;
  if (typeof type === 'string') {
    for (const name in props) {
      let renamed = name;
      // Checkboxes, radios and files have no `input` in React's sense: their `change` is kept.
      if (name === 'onChange' && (type === 'input' || type === 'textarea') && !/^(checkbox|radio|file)$/.test(String(props.type))) renamed = 'onInput';
      else if (SVG_CAMEL.test(name)) renamed = name.replace(/[A-Z]/g, '-$&').toLowerCase();
      if (renamed !== name) {
        props[renamed] = props[name];
        delete props[name];
      }
    }
  }
  previousVNode?.(vnode);
};

const previousEvent = (options as { event?: (event: Event) => Event }).event;
(options as { event?: (event: Event) => Event }).event = (event) => {
  const handled = previousEvent ? previousEvent(event) : event;
  return ((handled as Event & { nativeEvent?: Event }).nativeEvent = handled);
};

/**
 * React's `useSyncExternalStore` for stores whose `get` returns the same value until they change:
 * the value is read on every render, and a change between render and subscription (or any later
 * one) renders again.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const latest = useRef({ value, getSnapshot });
  latest.current = { value, getSnapshot };
  useLayoutEffect(() => {
    const check = () => {
      if (!Object.is(latest.current.value, latest.current.getSnapshot())) rerender(undefined as never);
    };
    check();
    return subscribe(check);
  }, [subscribe]);
  return value;
}

/** `react-dom/client`'s root, over Preact's `render`. */
export const createRoot = (container: Element) => ({
  render: (children: ComponentChild) => render(children, container),
  unmount: () => render(null, container),
});
