import { z } from 'zod';
import { LANGS } from '../i18n/languages';

export const id = z.string({ error: 'Identifiant manquant' }).min(1, 'Identifiant manquant').max(64);
export const idBody = z.object({ id });
export const lang = z.enum(LANGS, { error: 'Langue inconnue' });
export const epoch = z.number().int();
/** Query flags arrive as strings: '1', 'true' or empty. */
export const queryFlag = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');
export const hexColor = z.string().regex(/^[0-9a-fA-F]{6}$/, 'Veuillez indiquer un code couleur valide');
export const ok = z.literal(true);
