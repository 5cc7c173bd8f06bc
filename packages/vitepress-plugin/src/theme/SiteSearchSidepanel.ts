/**
 * The Sidepanel's trigger ("Ask AI"), rendered on the server in the page's locale: the shell's own
 * markup, in the HTML before any script runs. The loader's Sidepanel island loads the panel on
 * intent (a click, Ctrl/Cmd+I). Renders nothing on sites without `sidepanel`.
 */
import { defineComponent, h } from 'vue';
import { useData } from 'vitepress';
import shell from 'virtual:sitesearch/vitepress-shell';

export const SiteSearchSidepanel = defineComponent({
  name: 'SiteSearchSidepanel',
  setup() {
    const { localeIndex } = useData();
    return () => {
      const locale = localeIndex.value in shell.sidepanelButtons ? localeIndex.value : 'root';
      const button = shell.sidepanelButtons[locale];
      return button ? h('div', { class: 'sitesearch-vitepress-sidepanel', innerHTML: button }) : null;
    };
  },
});
