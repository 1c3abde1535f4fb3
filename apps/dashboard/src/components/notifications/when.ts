import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:MM' of an instant in the establishment's zone (the datetime-local input's format). */
export function localInput(epoch: number, tz: string) {
  const p = epochToZoned(epoch, tz);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

export function parseLocal(value: string, tz: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? zonedTimeToEpoch(+m[1], +m[2], +m[3], +m[4], +m[5], tz) : null;
}

/** 'Envoi le mardi 24 novembre 2026 à 15:38 (heure de l'établissement)': the browser writes the input in its own language. */
export function spelled(value: string, tz: string) {
  const epoch = parseLocal(value, tz);
  if (epoch === null) return undefined;
  const day = new Intl.DateTimeFormat('fr-FR', { timeZone: tz, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(epoch * 1000);
  const hour = new Intl.DateTimeFormat('fr-FR', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(epoch * 1000);
  return `Envoi le ${day} à ${hour} (heure de l'établissement)`;
}

/** dd/mm/yyyy hh:mm in the establishment's zone (002 §9). */
export const dateTime = (epoch: number, timeZone: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(epoch * 1000);
