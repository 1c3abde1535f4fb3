// What other areas may use of notifications (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { userHasSubscription } from './notifications.repository';
export { sendPush, takeGuestPush } from './notifications.service';
