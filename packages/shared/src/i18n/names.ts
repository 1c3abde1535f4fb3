// Kept so existing deep imports keep working; the names live with the language list.
export { LANGUAGE_NAMES } from './languages';
