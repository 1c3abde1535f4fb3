// What other areas may use of inventories (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { staffReader, stayDocs } from './core.service';
export { reportOf } from './report.pdf';
export { inventoryStatesOf } from './inventories.repository';
