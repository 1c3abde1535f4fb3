// A conversation as staff work it (issues 25, 33): the inbox (features/chat) and the stay's page show it.
export { Thread } from './Thread';
export { shortTime } from './time';
export { useTeam, useThread } from './queries';
