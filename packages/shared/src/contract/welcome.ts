import { z } from 'zod';
import { CORE } from '../messages';
import { call } from './call';
import { missing } from './common';
import { userDoc } from './users';

/**
 * The link of the first e-mail to a new site's manager (issue 35, docs/multisite.md 'The first e-mail to
 * the manager'): public calls, throttled as the sign-in, that read and take the link's token. Not in the
 * spec table (docs/api.md).
 */

const token = z.string(missing(CORE.genericError)).trim().min(1).max(200);

/** Why a link does not serve: unknown (mistyped, or of another site), used, or past its 7 days. */
export const WELCOME_ERRORS = ['unknown', 'used', 'expired'] as const;
export type WelcomeError = (typeof WELCOME_ERRORS)[number];
const failure = z.object({ error: z.enum(WELCOME_ERRORS) });

export const welcomePassword = z.object({
  token,
  password: z.string(missing(CORE.passwordShort)).min(8, CORE.passwordShort).max(200, CORE.passwordTooLong),
});

export const welcome = {
  check: call('POST', 'dashboard/welcome/check', {
    access: 'public',
    body: z.object({ token }),
    answer: z.union([z.object({ login: z.string() }), failure]),
    summary: "Whether the e-mailed link may still choose a password, and the account's identifier; 429 past the sign-in's throttle",
  }),
  password: call('POST', 'dashboard/welcome/password', {
    access: 'public',
    body: welcomePassword,
    answer: z.union([userDoc, failure]),
    summary: 'Sets the password from the e-mailed link (once), and signs the manager in (session cookie)',
  }),
};
