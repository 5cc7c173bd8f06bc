import { stroke } from './iconBase.js';
import { icon } from './chatIcons.js';

/**
 * Icons of the conversation history screen only. Apart from the chat's other icons, which load
 * with the first answer, so that they come with the screen when it is first opened.
 */
export const ChatBubbleIcon = () => icon(<path d="M4 4h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z" {...stroke} />);

export const RemoveIcon = () => icon(<path d="M5 5l10 10M15 5 5 15" {...stroke} />);
