// What other areas may use of deposits (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { depositOfStayDoc, depositStates, type DeskStay } from './desk.service';
