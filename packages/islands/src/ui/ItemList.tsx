import type { ComponentType, MouseEvent, ReactNode } from 'react';
import type { DocHit } from '../core/records.js';
import { toSafeUrl } from '../core/search/safeUrl.js';
import type { HitComponent } from '../core/options/types.js';
import { Highlight } from './Highlight.js';
import { getHitDisplay } from './hitDisplay.js';
import { EnterIcon, HashIcon, PageIcon, RecentIcon, StarIcon, TextIcon, CloseIcon } from './icons.js';
import { asOption } from './hitOption.js';
import { renderTemplate, templateHelpers } from './templateSupport.js';

/** Where a hit in the list comes from. */
export type HitSource = 'result' | 'recent' | 'favorite';

/** A search result, a recent search or a favorite. */
export interface HitItem {
  id: string;
  source: HitSource;
  hit: DocHit;
}

/** The Ask AI entry: `label` then the query, e.g. "Ask AI: " + "how to install". */
export interface AskAiItem {
  id: string;
  source: 'askAi';
  label: string;
  query: string;
}

/** A stored conversation on the start screen. */
export interface ConversationItem {
  id: string;
  source: 'conversation';
  conversationId: string;
  title: string;
}

/** One navigable entry of the list. */
export type ListItem = HitItem | AskAiItem | ConversationItem;

/** A titled group of items. */
export interface ListSection {
  id: string;
  /** Shown above the items; the Ask AI entry's section has none. */
  title?: string;
  items: ListItem[];
}

/** An action button beside a stored search. */
export interface ItemAction {
  title: string;
  icon: 'star' | 'close';
  run(item: ListItem): void;
}

interface ItemListProps {
  listboxId: string;
  label: string;
  sections: ListSection[];
  activeId: string | undefined;
  hitComponent: HitComponent | undefined;
  /** Actions per source (recent searches can be saved or removed, favorites removed). */
  actions?: Partial<Record<ItemSource, ItemAction[]>>;
  /** What the rows that are not hits show (the Ask AI entry, stored conversations): the Ask AI addon's. */
  OtherContent?: ComponentType<{ item: AskAiItem | ConversationItem }> | undefined;
  onHover(id: string): void;
  onOpen(item: ListItem, event: MouseEvent): void;
}

type ItemSource = ListItem['source'];

const ICONS = { page: PageIcon, heading: HashIcon, content: TextIcon };

function DefaultHitContent({ item }: { item: HitItem }) {
  const display = getHitDisplay(item.hit);
  const Icon = item.source === 'recent' ? RecentIcon : item.source === 'favorite' ? StarIcon : ICONS[display.kind];
  return (
    <>
      <span className="sitesearch-hit-icon-wrap">
        <Icon />
      </span>
      <span className="sitesearch-hit-text">
        {display.path.length > 0 && item.source === 'result' && display.kind !== 'content' ? (
          <span className="sitesearch-hit-path">
            <Highlight segments={display.path} />
          </span>
        ) : null}
        <span className="sitesearch-hit-title">
          <Highlight segments={display.title} />
        </span>
        {display.kind === 'content' || (item.source !== 'result' && display.path.length > 0) ? (
          <span className="sitesearch-hit-path">
            <Highlight segments={display.path} />
          </span>
        ) : null}
      </span>
      <EnterIcon />
    </>
  );
}

/**
 * The popup of the combobox. Search results are a listbox: each item is an option (a link the
 * template returned becomes the option itself, since an option must not contain interactive
 * elements). Stored searches have action buttons beside each item, which a listbox may not hold,
 * so they are a grid: a row per item, the item in its first cell, one cell per action.
 */
export function ItemList({ listboxId, label, sections, activeId, hitComponent, actions, OtherContent, onHover, onOpen }: ItemListProps) {
  const isGrid = actions !== undefined;
  return (
    <div id={listboxId} role={isGrid ? 'grid' : 'listbox'} aria-label={label} className="sitesearch-list">
      {sections.map((section) => (
        <div key={section.id} role={isGrid ? 'rowgroup' : 'group'} aria-labelledby={section.title ? `${section.id}-title` : undefined} className="sitesearch-section">
          {section.title ? (
            <div id={`${section.id}-title`} className="sitesearch-section-title" role="presentation">
              {section.title}
            </div>
          ) : null}
          {section.items.map((item) => {
            const isActive = item.id === activeId;
            const href = 'hit' in item ? toSafeUrl(item.hit.url) : undefined;
            const className = `sitesearch-hit${isActive ? ' sitesearch-hit--active' : ''}`;
            const children: ReactNode = 'hit' in item ? <DefaultHitContent item={item} /> : OtherContent ? <OtherContent item={item} /> : null;
            if (isGrid) {
              return (
                <div key={item.id} role="row" className="sitesearch-hit-row">
                  <div id={item.id} role="gridcell" aria-selected={isActive} className={className} onMouseMove={() => !isActive && onHover(item.id)}>
                    {href === undefined ? (
                      <div className="sitesearch-hit-link" onClick={(event) => onOpen(item, event)}>
                        {children}
                      </div>
                    ) : (
                      <a href={href} tabIndex={-1} className="sitesearch-hit-link" onClick={(event) => onOpen(item, event)}>
                        {children}
                      </a>
                    )}
                  </div>
                  {actions[item.source]?.map((action) => (
                    <div key={action.title} role="gridcell" className="sitesearch-hit-action-cell">
                      <button type="button" className="sitesearch-hit-action" title={action.title} aria-label={action.title} onClick={() => action.run(item)}>
                        {action.icon === 'star' ? <StarIcon /> : <CloseIcon />}
                      </button>
                    </div>
                  ))}
                </div>
              );
            }
            const optionProps: Record<string, unknown> = {
              id: item.id,
              role: 'option',
              'aria-selected': isActive,
              tabIndex: -1,
              className,
              onMouseMove: () => !isActive && onHover(item.id),
              onClick: (event: MouseEvent) => onOpen(item, event),
            };
            // Only hits are links; the Ask AI entry is an action, not a place.
            const defaultLink = href === undefined ? children : <a href={href}>{children}</a>;
            const option = hitComponent && item.source === 'result'
              ? renderTemplate('hitComponent', () => hitComponent({ hit: item.hit, children }, templateHelpers), asOption(defaultLink, optionProps), (rendered) =>
                  asOption(rendered, { ...optionProps, className: `${className} sitesearch-hit--custom` }),
                )
              : asOption(defaultLink, optionProps);
            return (
              <div key={item.id} className="sitesearch-hit-row" role="none">
                {option}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
