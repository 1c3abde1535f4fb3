// What other areas may use of animation-categories (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { findCategory } from './animation-categories.repository';
