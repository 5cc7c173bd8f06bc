/**
 * The links of an answer, for its related sources. Apart from the parser: only a finished answer
 * lists its sources, so this comes with the finished answer's chunk (AnswerActions.tsx).
 */
import { parseMarkdown, textOf, type Block, type Inline } from './parseMarkdown.js';

export interface LinkRef {
  url: string;
  title: string;
}

/** The inline content of a document's blocks, in order (paragraphs, headings, list items, quotes, table cells; not code). */
const inlineRuns = (blocks: Block[]): Inline[][] =>
  blocks.flatMap((block) =>
    block.type === 'p' || block.type === 'heading'
      ? [block.children]
      : block.type === 'list'
        ? block.items.flatMap(inlineRuns)
        : block.type === 'quote'
          ? inlineRuns(block.children)
          : block.type === 'table'
            ? [block.head, ...block.rows].flat()
            : [],
  );

/** The safe links of an answer (not those inside code), in order, each URL once. */
export function linksOf(markdown: string): LinkRef[] {
  const links = new Map<string, string>();
  const visitInlines = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (typeof node === 'string' || node.type === 'br' || node.type === 'code') continue;
      if (node.type === 'link' && !links.has(node.href)) links.set(node.href, textOf(node.children).trim() || node.href);
      if ('children' in node) visitInlines(node.children);
    }
  };
  inlineRuns(parseMarkdown(markdown)).forEach(visitInlines);
  return [...links].map(([url, title]) => ({ url, title }));
}
