import { useMemo, type ReactNode } from 'react';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { CopyButton } from './CopyButton.js';
import { parseMarkdown, type Block, type Inline } from './parseMarkdown.js';
import { useCopy } from './useCopy.js';

interface MarkdownProps {
  /** Markdown from the assistant: untrusted, possibly cut mid-stream. */
  text: string;
  translations: SiteSearchTranslations;
}

/** An assistant answer, rendered to elements (never to an HTML string). */
export function Markdown({ text, translations }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <div className="sitesearch-markdown">{renderBlocks(blocks, translations)}</div>;
}

function renderBlocks(blocks: Block[], translations: SiteSearchTranslations): ReactNode[] {
  return blocks.map((block, key) => {
    switch (block.type) {
      case 'p':
        return <p key={key}>{renderInlines(block.children)}</p>;
      case 'heading': {
        // Answers sit under the host's own headings: level 1 and 2 would outrank them.
        const Tag = `h${Math.min(block.level + 2, 6)}` as 'h3';
        return <Tag key={key}>{renderInlines(block.children)}</Tag>;
      }
      case 'code':
        return <CodeBlock key={key} lang={block.lang} code={block.text} translations={translations} />;
      case 'list': {
        // A tight item (one paragraph) renders its text directly, without a paragraph's margins.
        const items = block.items.map((item, index) => (
          <li key={index}>{item.length === 1 && item[0]!.type === 'p' ? renderInlines(item[0]!.children) : renderBlocks(item, translations)}</li>
        ));
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'quote':
        return <blockquote key={key}>{renderBlocks(block.children, translations)}</blockquote>;
      case 'table':
        return (
          <div key={key} className="sitesearch-markdown-table">
            <table>
              <thead>
                <tr>
                  {block.head.map((cell, index) => (
                    <th key={index} align={block.align[index]}>
                      {renderInlines(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {block.head.map((_, index) => (
                      <td key={index} align={block.align[index]}>
                        {renderInlines(row[index] ?? [])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      default:
        return <hr key={key} />;
    }
  });
}

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'br':
        return <br key={key} />;
      case 'link':
        // `href` passed `toSafeUrl` in the parser: only http(s) and relative URLs get here.
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderInlines(node.children)}
          </a>
        );
      default: {
        const Tag = node.type;
        return <Tag key={key}>{renderInlines(node.children)}</Tag>;
      }
    }
  });
}

interface CodeBlockProps {
  lang: string;
  code: string;
  translations: SiteSearchTranslations;
}

function CodeBlock({ lang, code, translations }: CodeBlockProps) {
  const [copied, copy] = useCopy();
  return (
    <div className="sitesearch-code">
      <div className="sitesearch-code-header">
        <span className="sitesearch-code-lang">{lang}</span>
        <CopyButton copied={copied} onClick={() => copy(code)} texts={translations.modal.askAiScreen} live />
      </div>
      {/* Focusable so that a keyboard can scroll a wide block (axe: scrollable-region-focusable). */}
      <pre className="sitesearch-code-body" tabIndex={0}>
        <code className={lang ? `language-${lang}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}
