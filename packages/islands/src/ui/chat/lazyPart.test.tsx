import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { lazyPart } from './lazyPart.js';
import { mount, unmountAll, update } from './testing.js';

afterEach(unmountAll);

const Part = () => <p className="part">loaded</p>;

describe('lazyPart', () => {
  it('renders nothing until its chunk is here, then the part; fetched once, and only when wanted', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const usePart = lazyPart(load);
    const Host = ({ wanted }: { wanted: boolean }) => {
      const Loaded = usePart(wanted);
      return <div>{Loaded ? <Loaded /> : 'empty'}</div>;
    };
    const idle = mount(<Host wanted={false} />);
    await update();
    expect(load).not.toHaveBeenCalled();
    expect(idle.textContent).toBe('empty');

    const root = mount(<Host wanted />);
    expect(root.textContent).toBe('empty');
    await update();
    expect(root.textContent).toBe('loaded');
    // Mounted again, it renders at once from what was fetched.
    expect(mount(<Host wanted />).textContent).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next mount after a failed fetch (offline)', async () => {
    const load = vi.fn<() => Promise<typeof Part>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Part);
    const usePart = lazyPart(load);
    const Host = () => {
      const Loaded = usePart();
      return <div>{Loaded ? <Loaded /> : 'empty'}</div>;
    };
    const first = mount(<Host />);
    await update();
    expect(first.textContent).toBe('empty');
    const second = mount(<Host />);
    await update();
    expect(second.textContent).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
