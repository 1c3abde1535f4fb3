// What other areas may use of animations (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { findAnimation } from './animations.repository';
