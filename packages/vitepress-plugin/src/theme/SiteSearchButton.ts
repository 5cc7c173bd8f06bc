/**
 * The search button, rendered on the server (VitePress's build and dev): the shell's own markup,
 * in the page's locale, so the HTML has it before any script runs and hydration changes nothing.
 * The loader (`startSiteSearch`) hydrates nothing here: it opens the modal on the first interaction.
 * `withSiteSearch` aliases VitePress's `VPNavBarSearch.vue` to this module (its default export):
 * the default theme's nav bar draws this button where its search box sits.
 */
import { defineComponent, h } from 'vue';
import { useData } from 'vitepress';
import shell from 'virtual:sitesearch/vitepress-shell';

/** The element's attribute naming the locale its button (and the widget's options) belong to. */
export const LOCALE_ATTRIBUTE = 'data-sitesearch-locale';

export const SiteSearchButton = defineComponent({
  name: 'SiteSearchButton',
  setup() {
    const { localeIndex } = useData();
    return () => {
      const locale = localeIndex.value in shell.buttons ? localeIndex.value : 'root';
      return h('div', { class: 'sitesearch-vitepress', [LOCALE_ATTRIBUTE]: locale, innerHTML: shell.buttons[locale] });
    };
  },
});

export default SiteSearchButton;
