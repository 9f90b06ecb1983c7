// The public surface of the messages feature: what other features and the pages may import.
export { Inbox, InboxLink, useUnreadCount } from "./Inbox.tsx";
export { MessagesPanel } from "./MessagesPanel.tsx";
export { BlockSeatButton } from "./BlockSeat.tsx";
