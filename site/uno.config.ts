import { defineConfig, presetWind3 } from 'unocss';

// Site styles only; the widget ships its own stylesheet with --sitesearch-* custom properties.
export default defineConfig({
  presets: [presetWind3({ dark: { dark: '[data-theme="dark"]', light: ':root' } })],
  shortcuts: {
    'prose-link': 'text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300',
    'nav-link': 'block rounded px-2 py-1 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  },
});
