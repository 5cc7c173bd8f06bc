import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import type { SiteSearchTranslations } from '../core/translations.js';
import { ErrorIcon, SearchIcon, CloseIcon } from './icons.js';

interface SearchBoxProps {
  ids: string;
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  placeholder: string;
  translations: SiteSearchTranslations;
  /** Set when the popup is shown (the combobox then controls it). */
  listboxId: string | undefined;
  /** The popup's role: a listbox of results, or a grid of stored searches with their actions. */
  popup: 'listbox' | 'grid';
  activeId: string | undefined;
  isLoading: boolean;
  onChange(query: string): void;
  onClose(): void;
}

/** The combobox input with its label, clear and close buttons. */
export function SearchBox({ ids, inputRef, query, placeholder, translations, listboxId, popup, activeId, isLoading, onChange, onClose }: SearchBoxProps) {
  const texts = translations.modal.searchBox;
  // What the input shows, kept here as well as in the session: React puts a controlled input back
  // to its `value` after a change that scheduled no render, and the session store is subscribed
  // in a passive effect, so on a slow first render the first keys typed were wiped ("se" of
  // "server" lost). The session stays the owner: whenever its query changes, the input follows.
  const [value, setValue] = useState(query);
  useLayoutEffect(() => setValue(query), [query]);
  const change = (next: string) => {
    setValue(next);
    onChange(next);
  };
  return (
    <div className="sitesearch-searchbar">
      <form
        className="sitesearch-form"
        role="search"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onReset={(event) => {
          event.preventDefault();
          change('');
          inputRef.current?.focus();
        }}
      >
        <label id={`${ids}-label`} htmlFor={`${ids}-input`} className="sitesearch-magnifier">
          <SearchIcon />
          <span className="sitesearch-sr-only">{texts.searchInputLabel}</span>
        </label>
        <input
          ref={inputRef}
          id={`${ids}-input`}
          className="sitesearch-input"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup={popup}
          aria-expanded={listboxId !== undefined}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-busy={isLoading || undefined}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint={texts.enterKeyHint}
          maxLength={512}
          placeholder={placeholder}
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
        />
        <button type="reset" className="sitesearch-reset" title={texts.clearButtonTitle} aria-label={texts.clearButtonAriaLabel} hidden={value === ''}>
          <CloseIcon />
        </button>
      </form>
      <button type="button" className="sitesearch-cancel" aria-label={texts.closeButtonAriaLabel} onClick={onClose}>
        {texts.closeButtonText}
      </button>
    </div>
  );
}

/** Shown when the search request fails (spec section 7). */
export function ErrorScreen({ translations }: { translations: SiteSearchTranslations }) {
  const texts = translations.modal.errorScreen;
  return (
    <div className="sitesearch-screen sitesearch-error-screen">
      <ErrorIcon />
      <p className="sitesearch-screen-title">{texts.titleText}</p>
      <p className="sitesearch-screen-help">{texts.helpText}</p>
    </div>
  );
}

/**
 * Shown when a query finds nothing: the query, with the screen's icon before it and, after it, the
 * other queries to try and the report link, all three from modal/NoResultsHelp.tsx (a chunk of its
 * own loaded by the first search that finds nothing: the suggestions take further requests anyway).
 */
export function NoResultsScreen({ query, translations, icon, children }: { query: string; translations: SiteSearchTranslations; icon?: ReactNode; children?: ReactNode }) {
  return (
    <div className="sitesearch-screen sitesearch-no-results-screen">
      {icon}
      <p className="sitesearch-screen-title">
        {translations.modal.noResultsScreen.noResultsText} "<strong>{query}</strong>"
      </p>
      {children}
    </div>
  );
}

/** Key hints; `selectText` names what Enter does when it is not opening a hit (submitting a question). */
/**
 * The key hints under a screen. `children` replace the navigation hint (the Ask AI screen puts
 * its "back to search" there), so both footers share the Enter and Escape hints.
 */
export function Footer({ translations, selectText, children }: { translations: SiteSearchTranslations; selectText?: string; children?: ReactNode }) {
  const texts = translations.modal.footer;
  return (
    <div className="sitesearch-footer">
      <ul className="sitesearch-commands">
        <li>
          <kbd className="sitesearch-key" role="img" aria-label={texts.selectKeyAriaLabel}>
            ↵
          </kbd>
          <span className="sitesearch-command-label">{selectText ?? texts.selectText}</span>
        </li>
        {children ?? (
          <li>
            <kbd className="sitesearch-key" role="img" aria-label={texts.navigateDownKeyAriaLabel}>
              ↓
            </kbd>
            <kbd className="sitesearch-key" role="img" aria-label={texts.navigateUpKeyAriaLabel}>
              ↑
            </kbd>
            <span className="sitesearch-command-label">{texts.navigateText}</span>
          </li>
        )}
        <li>
          <kbd className="sitesearch-key" role="img" aria-label={texts.closeKeyAriaLabel}>
            esc
          </kbd>
          <span className="sitesearch-command-label">{texts.closeText}</span>
        </li>
      </ul>
    </div>
  );
}
