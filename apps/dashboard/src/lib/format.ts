import { formatDate, formatDateTime, PPL } from '@campsite/shared';

/** How screens show values: French figures, days in the establishment's time zone, 'Non renseigné'. */

/** A number as French writes it, thousands apart: '150 000'. */
export const figure = (n: number) => n.toLocaleString('fr-FR');
/** A value or 'Non renseigné'. */
export const orNone = (v: string | null | undefined) => (v && v.trim() ? v : PPL.notProvided);
export const day = (t: number | null | undefined, tz: string) => (t === null || t === undefined ? PPL.notProvided : formatDate(t, tz));
export const dayTime = (t: number | null | undefined, tz: string) => (t === null || t === undefined ? PPL.notProvided : formatDateTime(t, tz));
