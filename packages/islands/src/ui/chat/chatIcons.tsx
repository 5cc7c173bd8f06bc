import type { ReactElement } from 'react';
import { stroke } from './iconBase.js';

/**
 * The chat's icons: inline SVG inheriting `currentColor`, hidden from assistive technology, stroked
 * like the modal's (`stroke` comes with the modal, already loaded).
 */
export const icon = (path: ReactElement, className = 'sitesearch-chat-icon'): ReactElement => (
  <svg className={className} width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

export const CopyIcon = () => icon(<path d="M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7z" {...stroke} />);

export const CheckIcon = () => icon(<path d="M4 10.5 8 14.5 16 5.5" {...stroke} />);

export const SearchedIcon = () => icon(<path d="M12.9 12.9 17 17M14.5 8.5a6 6 0 1 1-12 0 6 6 0 0 1 12 0z" {...stroke} />);

export const SendIcon = () => icon(<path d="M10 16V4M5 9l5-5 5 5" {...stroke} />);

export const StopIcon = () => icon(<rect x="5" y="5" width="10" height="10" rx="1.5" fill="currentColor" />);

export const RetryIcon = () => icon(<path d="M16.5 10a6.5 6.5 0 1 1-1.9-4.6M16.5 3v3.6h-3.6" {...stroke} />);

export const SparkIcon = () => icon(<path d="M10 2.5 11.8 8.2 17.5 10l-5.7 1.8L10 17.5l-1.8-5.7L2.5 10l5.7-1.8z" {...stroke} />, 'sitesearch-chat-icon sitesearch-chat-icon--large');
