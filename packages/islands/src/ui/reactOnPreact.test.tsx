/** @jsxImportSource preact */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { createStore } from '../core/state/store.js';
import { createRoot, useState, useSyncExternalStore } from './reactOnPreact.js';

const containers: HTMLElement[] = [];
function mount(children: preact.ComponentChild) {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  const root = createRoot(container);
  act(() => root.render(children));
  return { container, root };
}
afterEach(() => containers.splice(0).forEach((container) => container.remove()));

describe('reactOnPreact (what the Preact builds use for react)', () => {
  it('fires onChange of a text field on every input, as React does, and keeps change for a checkbox', () => {
    const seen: string[] = [];
    const Field = () => {
      const [value, setValue] = useState('');
      return (
        <>
          <input value={value} onChange={(event) => setValue((event.currentTarget as HTMLInputElement).value)} />
          <textarea onChange={() => seen.push('textarea')} />
          <input type="checkbox" onChange={() => seen.push('checkbox')} />
          <output>{value}</output>
        </>
      );
    };
    const { container } = mount(<Field />);
    const input = container.querySelector('input')!;
    act(() => {
      input.value = 'ab';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(container.querySelector('output')!.textContent).toBe('ab');
    act(() => {
      container.querySelector('textarea')!.dispatchEvent(new Event('input', { bubbles: true }));
      container.querySelector('[type=checkbox]')!.dispatchEvent(new Event('input', { bubbles: true }));
      container.querySelector('[type=checkbox]')!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(seen).toEqual(['textarea', 'checkbox']);
  });

  it('writes camel-case SVG attributes dashed and gives handlers event.nativeEvent', () => {
    let native: unknown;
    const { container } = mount(
      <svg
        viewBox="0 0 20 20"
        onClick={(event) => {
          native = (event as unknown as { nativeEvent: Event }).nativeEvent;
        }}
      >
        {/* React's camel-case names, as the UI's icons write them. */}
        <path d="M0 0" strokeWidth={1.6} strokeLinecap="round" fillRule="evenodd" clipPathUnits="userSpaceOnUse" />
      </svg>,
    );
    const path = container.querySelector('path')!;
    expect([path.getAttribute('stroke-width'), path.getAttribute('stroke-linecap'), path.getAttribute('fill-rule')]).toEqual(['1.6', 'round', 'evenodd']);
    expect(path.hasAttribute('strokeWidth')).toBe(false);
    expect(path.getAttribute('clipPathUnits')).toBe('userSpaceOnUse');
    const click = new MouseEvent('click', { bubbles: true });
    act(() => {
      container.querySelector('svg')!.dispatchEvent(click);
    });
    expect(native).toBe(click);
  });

  it('useSyncExternalStore renders the store’s value and follows its changes, until unmounted', () => {
    const store = createStore(1);
    let renders = 0;
    const Value = () => {
      renders++;
      return <span>{useSyncExternalStore(store.subscribe, store.get)}</span>;
    };
    const { container, root } = mount(<Value />);
    expect(container.textContent).toBe('1');
    act(() => store.set(2));
    expect(container.textContent).toBe('2');
    expect(renders).toBe(2);
    act(() => root.unmount());
    expect(container.innerHTML).toBe('');
    act(() => store.set(3));
    expect(container.innerHTML).toBe('');
  });
});
