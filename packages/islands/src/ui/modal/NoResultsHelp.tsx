/**
 * The no-results screen's icon and help: other queries to try (shorter ones that find something, then
 * section titles seen this session) and the link to report missing results. A chunk of its own
 * in the CDN build, fetched by the first search that finds nothing (`useNoResultsHelp`).
 */
import type { ResolvedSiteSearchOptions } from '../../core/options/siteSearchOptions.js';
import { toSafeUrl } from '../../core/search/safeUrl.js';
import { stroke, svg } from '../icons.js';

export const NoResultsIcon = () => svg('sitesearch-screen-icon', <path d="M15.5 4.8c2 3 1.7 7-1 9.7h0l4.3 4.3-4.3-4.3a7.8 7.8 0 0 1-9.8 1m-2.2-2.2A7.8 7.8 0 0 1 13.2 2.4M17 1 1 17" {...stroke} />);

interface NoResultsHelpProps {
  query: string;
  options: ResolvedSiteSearchOptions;
  /** Shorter queries that find something (the controller's), then the section titles seen this session. */
  candidates: Iterable<string>[];
  onSuggestion(query: string): void;
}

export function NoResultsHelp({ query, options, candidates, onSuggestion }: NoResultsHelpProps) {
  const texts = options.translations.modal.noResultsScreen;
  const suggestions = candidates
    .flatMap((titles) => [...titles])
    .filter((title, position, all) => title.toLowerCase() !== query.toLowerCase() && all.indexOf(title) === position)
    .slice(0, 3);
  const reportUrl = missingResultsUrl(options, query);
  return (
    <>
      {suggestions.length > 0 ? (
        <div className="sitesearch-suggestions">
          <p className="sitesearch-screen-help">{texts.suggestedQueryText}:</p>
          <ul>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="sitesearch-suggestion" onClick={() => onSuggestion(suggestion)}>
                  "{suggestion}"
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reportUrl ? (
        <p className="sitesearch-screen-help">
          {texts.reportMissingResultsText}{' '}
          <a href={reportUrl} target="_blank" rel="noopener noreferrer" className="sitesearch-link">
            {texts.reportMissingResultsLinkText}
          </a>
        </p>
      ) : null}
    </>
  );
}

function missingResultsUrl(options: ResolvedSiteSearchOptions, query: string): string | undefined {
  if (!options.getMissingResultsUrl) return undefined;
  try {
    return toSafeUrl(options.getMissingResultsUrl({ query }));
  } catch (error) {
    console.error('sitesearch: option "getMissingResultsUrl" threw; the report link is left out.', error);
    return undefined;
  }
}
