/**
 * The review questionnaire's calls of the guest app, method and path only (as lib/calls.ts does: no zod in
 * the download); the types come from the contract, the paths are checked against it by the reviews test.
 */
import type { CallDef } from '@campsite/shared/contract/call';
import type { reviews } from '@campsite/shared/contract/reviews';

const def = <C extends CallDef>(method: 'GET' | 'POST', path: string, access: 'public' | 'guest') => ({ method, path, access }) as unknown as C;

export const reviewCalls = {
  /** the questionnaire of an invitation link's token */
  form: def<typeof reviews.form>('GET', 'webapp/reviews/form', 'public'),
  /** a signed-in guest's questionnaires still to answer */
  pending: def<typeof reviews.pending>('GET', 'webapp/reviews/pending', 'guest'),
  submit: def<typeof reviews.submit>('POST', 'webapp/reviews/submit', 'guest'),
  submitByToken: def<typeof reviews.submitByToken>('POST', 'webapp/reviews/submit-by-token', 'public'),
};
