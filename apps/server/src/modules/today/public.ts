// What other areas may use of today (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
// The stay's page (desk) says each area's state as the to-do list does: the same rules, for one stay.
export { appOf, inventoryOf, visibleAreas } from './today.service';
