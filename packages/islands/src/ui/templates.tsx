import { Component, createElement, isValidElement, type ReactNode } from 'react';
import htm from 'htm';
import type { TemplateHelpers } from '../core/options/types.js';
import { registerTemplateSupport } from './templateSupport.js';

/**
 * The `html` helper given to `hitComponent` and `resultsFooterComponent`: a tagged template
 * bound to the UI library's `createElement`. Interpolated values become text or attributes,
 * never parsed markup, so data from hits cannot inject HTML through it.
 */
export const templateHelpers: TemplateHelpers = {
  // Templates are written like HTML (`class`); React only knows `className`, Preact both.
  html: htm.bind((type: string, props: Record<string, unknown> | null, ...children: unknown[]) => {
    if (props && 'class' in props) {
      const { class: className, ...rest } = props;
      props = { ...rest, className };
    }
    return createElement(type, props, ...(children as ReactNode[]));
  }),
};

/**
 * Turns what a template option returned into something renderable: an element as it is, a
 * function called (a component-like result), a string as text (never as HTML), anything else
 * as nothing.
 */
export function toRenderable(result: unknown, depth = 0): ReactNode {
  if (typeof result === 'function' && depth < 3) return toRenderable((result as () => unknown)(), depth + 1);
  if (isValidElement(result)) return result;
  if (Array.isArray(result)) return result.map((item, index) => <Fragmented key={index}>{toRenderable(item, depth)}</Fragmented>);
  if (typeof result === 'string' || typeof result === 'number') return String(result);
  return null;
}

const Fragmented = ({ children }: { children: ReactNode }) => <>{children}</>;

/**
 * Calls a template option safely: a template that throws (or renders a component that throws)
 * falls back to `fallback` and is reported once in the console, instead of taking the whole
 * modal down with it.
 */
export function renderTemplate(name: string, call: () => unknown, fallback: ReactNode, shape: (rendered: ReactNode) => ReactNode = (rendered) => rendered): ReactNode {
  try {
    return <TemplateBoundary name={name} fallback={fallback}>{shape(toRenderable(call()))}</TemplateBoundary>;
  } catch (error) {
    reportTemplateError(name, error);
    return fallback;
  }
}

const reported = new Set<string>();
function reportTemplateError(name: string, error: unknown) {
  if (reported.has(name)) return;
  reported.add(name);
  console.error(`sitesearch: option "${name}" threw while rendering; the default rendering is shown instead.`, error);
}

class TemplateBoundary extends Component<{ name: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportTemplateError(this.props.name, error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

// Components that load template support only when a template is set find it here (templateSupport.ts).
registerTemplateSupport(renderTemplate, templateHelpers);
