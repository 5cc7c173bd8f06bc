/**
 * The JSX factory of the CDN build's modules (scripts/build.mjs injects it): Preact's own
 * `h` and `Fragment`, so JSX compiles to `h(type, props, ...children)` calls instead of going
 * through `preact/jsx-runtime`, whose `jsx()` is one more function in the files before the first
 * result and whose calls spell out `children:` for every element.
 */
export { Fragment, h } from 'preact';
