import { z } from 'zod';
import { LANGS } from '../i18n/languages';
import { orFalse } from './call';

/**
 * A field's own sentence when it is missing or of another type (`z.string(missing(M.loginRequired))`);
 * its other rules keep their own messages or the French defaults (`messages/validation.ts`), so that a
 * too long identifier does not read 'Veuillez indiquer votre identifiant'.
 */
export const missing = (message: string) => ({
  error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined),
});

export const id = z.string(missing('Identifiant manquant')).min(1, 'Identifiant manquant').max(64, 'Identifiant invalide');
export const idBody = z.object({ id });
/** A client or stay number as the PMS writes it. */
export const personNumber = z.string(missing('Numéro manquant')).trim().min(1, 'Numéro manquant').max(64);
export const lang = z.enum(LANGS, { error: 'Langue inconnue' });
/** Epoch seconds, within two centuries around now (a birthday of 1900, a plan for 2100): beyond is a mistake, and the column's range. */
export const epoch = z.number().int().min(-5_000_000_000).max(5_000_000_000);
/** Query flags arrive as strings: '1', 'true' or empty. */
export const queryFlag = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');
export const hexColor = z.string().regex(/^[0-9a-fA-F]{6}$/, 'Veuillez indiquer un code couleur valide');
export const ok = z.literal(true);

/**
 * A staff edit's revision (issue 29; docs/api.md 'Calls the spec left to us'): the read answers the record's
 * `revision`, a counter raised by each save of the record's forms; the update may send back the one its form
 * was filled from, and a record saved by someone else since is answered 409 with CORE.editConflict (nothing
 * written). Left out (an older client), the save goes through as before.
 */
export const revision = z.number().int().min(0);
/** The update bodies' optional field. */
export const sentRevision = { revision: revision.optional() };
/** The answer of every delete: true, or false when the id names nothing (the spec's business failure). */
export const deleteAnswer = orFalse(ok);
