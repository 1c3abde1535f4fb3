import { ApiError, NetworkError } from '@campsite/shared/client';
import { M } from '@campsite/shared';

/**
 * The sentence to show for a failed action: the action's own sentence (e.g. 'Impossible de créer un
 * module'), followed by the numbered default message of 000 §8 naming the step and the cause.
 */
export function errorSentence(action: string, err: unknown, step = 1): string {
  if (err instanceof ApiError && [400, 403, 413, 429].includes(err.status)) return err.message;
  const cause = err instanceof NetworkError ? 'serveur injoignable' : err instanceof ApiError ? err.message.replace(/\.$/, '') : M.genericError;
  return `${action}. ${M.errorHelper(cause, step)}`;
}

/** Field messages of a 400 answer, keyed as the form's fields. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fields : {};
}
