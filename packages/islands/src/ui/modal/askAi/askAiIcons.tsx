/** Icons of the Ask AI screen's header, drawn like the modal's others (20×20, stroked, `currentColor`). */
import { stroke, svg } from '../../chat/iconBase.js';

const icon = (path: Parameters<typeof svg>[1]) => svg('sitesearch-action-icon', path);

export const BackIcon = () => icon(<path d="M16 10H4M9 5l-5 5 5 5" {...stroke} />);
export const NewConversationIcon = () => icon(<path d="M10 4v12M4 10h12" {...stroke} />);
export const HistoryIcon = () => icon(<path d="M3.18 6.6a8.23 8.23 0 1 1 .01 6.8M3 3v3.6h3.6M10 5.8V10l3 2" {...stroke} />);
