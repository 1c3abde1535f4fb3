import { epochToZoned } from './zoned';

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy in the establishment's time zone (000 §9). */
export function formatDate(epochSeconds: number, timeZone: string): string {
  const p = epochToZoned(epochSeconds, timeZone);
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

/** dd/mm/yyyy hh:mm:ss in the establishment's time zone. */
export function formatDateTime(epochSeconds: number, timeZone: string): string {
  const p = epochToZoned(epochSeconds, timeZone);
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}
