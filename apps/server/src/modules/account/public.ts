// What other areas may use of account (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { resendActivation } from './account.service';
