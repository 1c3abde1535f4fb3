// What other areas may use of emails (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { contactOf, contactsOf } from './contacts.repository';
export { unsubscribePage, unsubscribeUrl } from './unsubscribe.service';
