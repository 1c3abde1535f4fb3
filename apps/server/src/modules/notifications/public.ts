// What other areas may use of notifications (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { sendPush, takeGuestPush } from './notifications.service';
export { failedSends, type FailedSend } from './notifications.repository';
export { searchGuests } from './notifications.repository';
