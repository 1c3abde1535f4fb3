// What other areas may use of inventories (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { staffReader, stayDocs } from './inventories.core';
export { reportOf } from './inventories.report';
export { findStay } from './inventories.repository';
