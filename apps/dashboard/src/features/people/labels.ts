import type { ClientUser, WebappUser } from '@campsite/shared';
import { PPL } from '@campsite/shared';

/** How the people screens show values (002 §2). */

export const clientCivility = (c: 'male' | 'female' | null | undefined) => (c === 'female' ? PPL.female : c === 'male' ? PPL.male : PPL.notProvided);
/** The guest app user's civility on the detail: Monsieur, Madame, Autre. */
export const webappCivility = (c: WebappUser['civility']) => (c === 'homme' ? PPL.monsieur : c === 'femme' ? PPL.madame : c === 'other' ? PPL.other : PPL.notProvided);
/** In the client card's users table: Femme / Homme. */
export const userCivility = (c: ClientUser['civility']) => (c === 'femme' ? PPL.female : c === 'homme' ? PPL.male : c === 'other' ? PPL.other : PPL.notProvided);
/** The role in the stay: Candidat (primary), Mère, Père or Accompagnant (participant). */
export function roleOf(u: Pick<ClientUser, 'user_type' | 'participant_type'>): string {
  if (u.user_type === 'primary') return PPL.primary;
  if (u.participant_type === 'mother') return PPL.mother;
  if (u.participant_type === 'father') return PPL.father;
  return u.user_type === 'participant' ? PPL.companion : PPL.notProvided;
}
export const clientType = (t: 'tourist' | 'resident') => (t === 'resident' ? PPL.resident : PPL.tourist);
export const yesNo = (b: boolean) => (b ? PPL.yes : PPL.no);

export const LANG_NAMES: Record<string, string> = { fr: 'Français', en: 'Anglais', de: 'Allemand', nl: 'Néerlandais', it: 'Italien', es: 'Espagnol', pt: 'Portugais' };
export const langName = (l: string | null) => (l ? (LANG_NAMES[l] ?? l.toUpperCase()) : PPL.notProvided);

export const fullName = (p: { firstname: string; lastname: string }) => [p.firstname, p.lastname].filter(Boolean).join(' ') || PPL.notProvided;
