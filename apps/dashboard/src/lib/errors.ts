import { ApiError, NetworkError } from '@campsite/shared/client';
import { CORE } from '@campsite/shared';

/** The client's text for an error answer without a message (shared/client/api.ts). */
const GENERIC = "Une erreur s'est produite";
const TOO_MANY = 'Trop de demandes. Réessayez dans quelques minutes.';

/**
 * The sentence to show for a failed action: the action's own sentence (e.g. 'Impossible de créer un
 * module'), followed by the numbered default message of 000 §8 naming the step and the cause.
 */
export function errorSentence(action: string, err: unknown, step = 1): string {
  // a limit reached: the server's sentence says why and when to retry; a 429 without one (a proxy) still says to wait
  if (err instanceof ApiError && err.status === 429) return err.message && err.message !== GENERIC ? err.message : TOO_MANY;
  if (err instanceof ApiError && [400, 403, 413].includes(err.status)) return err.message;
  const cause = err instanceof NetworkError ? 'serveur injoignable' : err instanceof ApiError ? err.message.replace(/\.$/, '') : CORE.genericError;
  return `${action}. ${CORE.errorHelper(cause, step)}`;
}

/** Field messages of a 400 answer, keyed as the form's fields. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fields : {};
}
