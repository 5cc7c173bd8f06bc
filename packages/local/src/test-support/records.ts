/** Hand-written records shaped like the indexer's output, for engine and server tests. */
import type { DocRecord, HierarchyLevel, RecordType } from '../records.js';

interface PageSpec {
  lvl0: string;
  path: string;
  title: string;
  extra?: Record<string, unknown>;
  sections: { level: 2 | 3; heading: string; anchor: string; paragraphs: string[] }[];
  intro?: string[];
}

function emptyHierarchy(): Record<HierarchyLevel, string | null> {
  return { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
}

export function pageRecords(page: PageSpec): DocRecord[] {
  const records: DocRecord[] = [];
  const base = { ...page.extra };
  const hierarchy = emptyHierarchy();
  hierarchy.lvl0 = page.lvl0;
  hierarchy.lvl1 = page.title;
  const push = (type: RecordType, anchor: string | null, content: string | null): void => {
    records.push({
      objectID: `${page.path}#${records.length}`,
      url: anchor ? `${page.path}#${anchor}` : page.path,
      url_without_anchor: page.path,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      ...base,
    });
  };
  push('lvl1', null, null);
  for (const text of page.intro ?? []) push('content', null, text);
  for (const section of page.sections) {
    if (section.level === 2) {
      hierarchy.lvl2 = section.heading;
      hierarchy.lvl3 = null;
    } else hierarchy.lvl3 = section.heading;
    push(section.level === 2 ? 'lvl2' : 'lvl3', section.anchor, null);
    for (const text of section.paragraphs) push('content', section.anchor, text);
  }
  return records;
}

export const SAMPLE_RECORDS: DocRecord[] = [
  ...pageRecords({
    lvl0: 'Guide',
    path: '/guide/',
    title: 'Getting Started',
    extra: { language: 'en', version: '6' },
    intro: ['Vite is a build tool that aims to provide a faster and leaner development experience for modern web projects.'],
    sections: [
      { level: 2, heading: 'Scaffolding Your First Vite Project', anchor: 'scaffolding', paragraphs: ['Run npm create vite@latest and follow the prompts.'] },
      { level: 2, heading: 'Community Templates', anchor: 'community-templates', paragraphs: ['Templates maintained by the community for other tools or frameworks.'] },
    ],
  }),
  ...pageRecords({
    lvl0: 'Config',
    path: '/config/server-options',
    title: 'Server Options',
    extra: { language: 'en', version: '6' },
    sections: [
      {
        level: 2,
        heading: 'server.proxy',
        anchor: 'server-proxy',
        paragraphs: ['Configure custom proxy rules for the dev server. Expects an object of key-value pairs.', 'Uses http-proxy under the hood. <script>alert(1)</script> is escaped.'],
      },
      { level: 2, heading: 'server.port', anchor: 'server-port', paragraphs: ['Specify server port. Note if the port is already being used, Vite will try the next available port.'] },
      { level: 3, heading: 'server.strictPort', anchor: 'server-strictport', paragraphs: ['Set to true to exit if port is already in use.'] },
    ],
  }),
  ...pageRecords({
    lvl0: 'Config',
    path: '/config/',
    title: 'Configuring Vite',
    extra: { language: 'en', version: '5' },
    sections: [
      { level: 2, heading: 'Config Intellisense', anchor: 'config-intellisense', paragraphs: ['Use the defineConfig helper which should provide intellisense without the need for jsdoc annotations.'] },
      { level: 2, heading: 'Environment Variables', anchor: 'environment-variables', paragraphs: ['Environment variables can be obtained from process.env as usual.'] },
    ],
  }),
  ...pageRecords({
    lvl0: 'Guide',
    path: '/fr/guide/',
    title: 'Démarrage',
    extra: { language: 'fr', version: '6', docusaurus_tag: ['docs-default-current', 'fr'] },
    sections: [{ level: 2, heading: 'Créer un projet', anchor: 'creer', paragraphs: ['Lancez npm create vite pour créer un projet.'] }],
  }),
];
