// What other areas may use of accommodations (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { categoriesOf, setupOf } from './accommodations.repository';
export { accommodationOfCategory, typesByCategory, type StayType } from './accommodations.service';
