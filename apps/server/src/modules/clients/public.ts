// What other areas may use of clients (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { findClient, findClientByCode, lockClient, onSiteSql, refreshLatestStay, stayColumns, staysOfClients } from './clients.repository';
