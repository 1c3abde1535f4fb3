// What other areas may use of themes (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { findTheme, selectedThemeId } from './themes.repository';
export { currentTheme } from './themes.service';
