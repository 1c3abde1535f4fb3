// What other areas may use of logo (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { readLogo } from './logo.service';
