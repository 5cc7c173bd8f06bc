// The frame, the stroke and the close icon are shared with the chat and the Sidepanel: see chat/iconBase.tsx.
import { stroke, svg } from './chat/iconBase.js';

export { CloseIcon, stroke, svg } from './chat/iconBase.js';

export const SearchIcon = ({ className = 'sitesearch-icon' }: { className?: string }) =>
  svg(className, <path d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z" {...stroke} />);

export const PageIcon = () => svg('sitesearch-hit-icon', <path d="M17 6v12c0 .52-.2 1-1 1H4c-.7 0-1-.33-1-1V2c0-.55.42-1 1-1h8l5 5zM14 8h-3.13c-.51 0-.87-.34-.87-.87V4M6 9h3M6 13h7" {...stroke} />);

export const HashIcon = () => svg('sitesearch-hit-icon', <path d="M5 7h12M3 13h12M8 2 6 18M14 2l-2 16" {...stroke} />);

export const TextIcon = () => svg('sitesearch-hit-icon', <path d="M4 5h12M4 10h12M4 15h7" {...stroke} />);

export const RecentIcon = () => svg('sitesearch-hit-icon', <path d="M3.18 6.6a8.23 8.23 0 1 1 .01 6.8M3 3v3.6h3.6M10 5.8V10l3 2" {...stroke} />);

export const StarIcon = () => svg('sitesearch-action-icon', <path d="M10 14.2 5.06 17l.94-5.6-4-4 5.56-.8L10 1.5l2.44 5.1 5.56.8-4 4 .94 5.6z" {...stroke} />);

export const EnterIcon = () => svg('sitesearch-hit-enter', <path d="M18 3v4c0 2-2 4-4 4H2M8 17l-6-6 6-6" {...stroke} />);

export const ErrorIcon = () => svg('sitesearch-screen-icon', <path d="M10 6v5M10 14.5v.01M10 1.5 1 18h18z" {...stroke} />);

