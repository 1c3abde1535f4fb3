import { formatDate, formatDateTime, PEOPLE } from '@campsite/shared';

/** How screens show values: French figures, days in the establishment's time zone, 'Non renseigné'. */

/** A number as French writes it, thousands apart: '150 000'. */
export const figure = (n: number) => n.toLocaleString('fr-FR');
/** A value or 'Non renseigné'. */
export const orNone = (v: string | null | undefined) => (v && v.trim() ? v : PEOPLE.notProvided);
export const day = (t: number | null | undefined, tz: string) => (t === null || t === undefined ? PEOPLE.notProvided : formatDate(t, tz));
export const dayTime = (t: number | null | undefined, tz: string) => (t === null || t === undefined ? PEOPLE.notProvided : formatDateTime(t, tz));
