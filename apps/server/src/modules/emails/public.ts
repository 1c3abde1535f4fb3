// What other areas may use of emails (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { contactOf, contactsOf } from './contacts.repository';
export { findBuiltin } from './emails.repository';
export { type StaffReport } from './staff-notice';
export { unsubscribePage, unsubscribeUrl } from './unsubscribe';
