/** What other parts of the server may use of the chat (docs/conventions.md 'Floors and hooks'). */
export { closeHub } from './chat.live';
