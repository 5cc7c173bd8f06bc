import { Fragment, type ReactNode } from 'react';
import type { ToolPart } from '../../core/chat/types.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { renderTemplate } from '../templateSupport.js';
import { CheckIcon, SearchedIcon } from './chatIcons.js';
import { aggregatedTextOf, toolLinesOf } from './toolLines.js';

export interface ToolCallsProps {
  /** Consecutive tool parts of one answer. */
  parts: ToolPart[];
  translations: SiteSearchTranslations;
  /** Runs a keyword search for a query the assistant searched; without it queries are plain text. */
  onSearchQuery?(query: string): void;
}

const Spinner = () => <span className="sitesearch-chat-spinner" aria-hidden="true" />;

/** What the assistant is searching for, or searched for, above its answer. */
export function ToolCalls({ parts, translations, onSearchQuery }: ToolCallsProps) {
  const texts = translations.modal.askAiScreen;
  const lines = toolLinesOf(parts);
  if (lines.length === 0) return null;
  const query = (text: string) =>
    onSearchQuery ? (
      <button type="button" className="sitesearch-tool-query" onClick={() => onSearchQuery(text)}>
        {text}
      </button>
    ) : (
      <q className="sitesearch-tool-query">{text}</q>
    );

  return (
    <ul className="sitesearch-tool-calls">
      {lines.map((line, key) => {
        let content: ReactNode;
        if (line.kind === 'searching') {
          content = (
            <>
              <Spinner />
              <span>
                {line.query === undefined ? texts.preToolCallText : texts.duringToolCallText}
                {line.query === undefined ? null : query(line.query)}
              </span>
            </>
          );
        } else if (line.kind === 'tool') {
          content = (
            <>
              {line.done ? <CheckIcon /> : <Spinner />}
              <span>
                <code>{line.name}</code>
              </span>
            </>
          );
        } else {
          const words = aggregatedTextOf(line.queries, texts.afterToolCallText, texts.aggregatedToolCallText);
          const standard = (
            <>
              <SearchedIcon />
              <span>
                {words.before}
                {line.queries.map((text, index) => (
                  <Fragment key={index}>
                    {query(text)}
                    {words.joiners[index]}
                  </Fragment>
                ))}
                {words.after}
              </span>
            </>
          );
          const custom = texts.aggregatedToolCallNode;
          content = custom
            ? renderTemplate('translations.modal.askAiScreen.aggregatedToolCallNode', () => custom(line.queries, (text) => onSearchQuery?.(text)), standard)
            : standard;
        }
        return (
          <li key={key} className="sitesearch-tool-call">
            {content}
          </li>
        );
      })}
    </ul>
  );
}
