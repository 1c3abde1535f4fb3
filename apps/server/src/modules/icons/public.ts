// What other areas may use of icons (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { assertIconExists, previewSql, previews, previewsOfItems } from './icons.repository';
