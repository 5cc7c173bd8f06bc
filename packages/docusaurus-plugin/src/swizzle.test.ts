import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PluginModule } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import * as themeModule from './index.js';

const EXPECTED = ['SearchBar', 'SearchPage', 'Sidepanel'];

// Docusaurus reads the swizzle API from the theme's module: checked against its PluginModule type.
const plugin: Pick<PluginModule, 'getSwizzleComponentList' | 'getSwizzleConfig'> = themeModule;
const themeDir = fileURLToPath(new URL('./theme/', import.meta.url));

describe('swizzle', () => {
  it('lists SearchBar, SearchPage and Sidepanel as safe to eject and to wrap, with a description', () => {
    const config = plugin.getSwizzleConfig?.();
    expect(Object.keys(config?.components ?? {}).sort()).toEqual(EXPECTED);
    for (const name of EXPECTED) {
      expect(config?.components[name]?.actions).toEqual({ eject: 'safe', wrap: 'safe' });
      expect(config?.components[name]?.description).toMatch(/\w{10}/);
    }
  });

  it('the older component list names the same components', () => {
    expect(plugin.getSwizzleComponentList?.()?.sort()).toEqual(EXPECTED);
  });

  it('every listed component exists in the theme, and Root (the wiring) is not listed', () => {
    for (const name of EXPECTED) expect(existsSync(`${themeDir}${name}/index.tsx`), name).toBe(true);
    expect(plugin.getSwizzleComponentList?.()).not.toContain('Root');
  });
});
