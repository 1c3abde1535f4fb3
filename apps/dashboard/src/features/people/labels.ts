import type { ClientUser, WebappUser } from '@campsite/shared';
import { PEOPLE } from '@campsite/shared';

/** How the people screens show values (002 §2). */

export const clientCivility = (c: 'male' | 'female' | null | undefined) => (c === 'female' ? PEOPLE.female : c === 'male' ? PEOPLE.male : PEOPLE.notProvided);
/** The guest app user's civility on the detail: Monsieur, Madame, Autre. */
export const webappCivility = (c: WebappUser['civility']) => (c === 'homme' ? PEOPLE.monsieur : c === 'femme' ? PEOPLE.madame : c === 'other' ? PEOPLE.other : PEOPLE.notProvided);
/** In the client card's users table: Femme / Homme. */
export const userCivility = (c: ClientUser['civility']) => (c === 'femme' ? PEOPLE.female : c === 'homme' ? PEOPLE.male : c === 'other' ? PEOPLE.other : PEOPLE.notProvided);
/** The role in the stay: Candidat (primary), Mère, Père or Accompagnant (participant). */
export function roleOf(u: Pick<ClientUser, 'user_type' | 'participant_type'>): string {
  if (u.user_type === 'primary') return PEOPLE.primary;
  if (u.participant_type === 'mother') return PEOPLE.mother;
  if (u.participant_type === 'father') return PEOPLE.father;
  return u.user_type === 'participant' ? PEOPLE.companion : PEOPLE.notProvided;
}
export const clientType = (t: 'tourist' | 'resident') => (t === 'resident' ? PEOPLE.resident : PEOPLE.tourist);
export const yesNo = (b: boolean) => (b ? PEOPLE.yes : PEOPLE.no);

export const LANG_NAMES: Record<string, string> = { fr: 'Français', en: 'Anglais', de: 'Allemand', nl: 'Néerlandais', it: 'Italien', es: 'Espagnol', pt: 'Portugais' };
export const langName = (l: string | null) => (l ? (LANG_NAMES[l] ?? l.toUpperCase()) : PEOPLE.notProvided);

export const fullName = (p: { firstname: string; lastname: string }) => [p.firstname, p.lastname].filter(Boolean).join(' ') || PEOPLE.notProvided;
