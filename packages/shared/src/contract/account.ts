import { z } from 'zod';
import type { Lang } from '../i18n/languages';
import { segment } from '../i18n/routes';
import { CORE, PEOPLE } from '../messages';
import { call } from './call';
import { lang, missing } from './common';
import { participantType, webappCivility, userType } from './webapp-users';

/**
 * The guest's own account in the guest app (not in the spec table: docs/api.md). A guest session
 * (cookie session-webapp) reads and changes only its own account, stay and client file: no call here takes
 * an id. Business failures answer `{error}` with a code that the guest app words in its seven languages.
 */

const email = z.string(missing(CORE.emailRequired)).trim().min(1, CORE.emailRequired).max(200, CORE.emailInvalid).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, CORE.emailInvalid);
const password = z.string(missing(CORE.passwordRequired)).min(8, CORE.passwordShort).max(200);
const token = z.string().trim().min(1).max(200);

/** What a guest sees of their stay: days and times when show_stay_dates, location when show_stay_location. */
export const accountStayDoc = z.object({
  stay_number: z.string(),
  arrival: z.number().optional(),
  departure: z.number().optional(),
  arrival_time: z.string().nullable().optional(),
  departure_time: z.string().nullable().optional(),
  location: z.string().nullable().optional(),
});

export const accountDoc = z.object({
  _id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  civility: webappCivility.nullable(),
  birthday: z.number().nullable(),
  phone: z.string().nullable(),
  langage: z.string().nullable(),
  client_number: z.string().nullable(),
  user_type: userType.nullable(),
  participant_type: participantType.nullable(),
  activate: z.boolean(),
  created_time: z.number(),
  stay: accountStayDoc.nullable(),
  /** the guest's client file: names and contact as the establishment knows them */
  client: z
    .object({
      client_number: z.string(),
      lastname: z.string(),
      firstname: z.string(),
      email1: z.string().nullable(),
      phone1: z.string().nullable(),
      activation_code: z.string(),
    })
    .nullable(),
});
export type Account = z.infer<typeof accountDoc>;

/** Codes of the `{error}` answers. */
export const ACCOUNT_ERRORS = [
  'closed', // active_connexion is off: no sign-in, no sign-up
  'unknown_code', // no client file has this activation code
  'wrong_credentials', // e-mail or password wrong
  'not_activated', // the account exists but its e-mail link was never opened
  'invalid_token', // the link is unknown, used or expired
  'wrong_password', // the current password given to change it is wrong
] as const;
export type AccountError = (typeof ACCOUNT_ERRORS)[number];
const failure = <E extends AccountError>(...codes: [E, ...E[]]) => z.object({ error: z.enum(codes) });

export const accountInsert = z.object({
  code: z.string(missing(PEOPLE.codeRequired)).trim().min(1, PEOPLE.codeRequired).max(40),
  email,
  password,
  firstname: z.string(missing(CORE.firstnameRequired)).trim().min(1, CORE.firstnameRequired).max(50),
  lastname: z.string(missing(CORE.lastnameRequired)).trim().min(1, CORE.lastnameRequired).max(50),
  civility: webappCivility.nullable().optional(),
  /** epoch seconds */
  birthday: z.number().int().nullable().optional(),
  phone: z.string().trim().max(50).nullable().optional(),
  langage: lang.optional(),
  /** for a second account on the same client file: who this participant is */
  participant_type: participantType.optional(),
});

const unsubscribeQuery = z.object({ token, lang: z.string().max(5).optional() });

export const accountUpdate = z.object({
  firstname: z.string(missing(CORE.firstnameRequired)).trim().min(1, CORE.firstnameRequired).max(50),
  lastname: z.string(missing(CORE.lastnameRequired)).trim().min(1, CORE.lastnameRequired).max(50),
  civility: webappCivility.nullable().optional(),
  birthday: z.number().int().nullable().optional(),
  phone: z.string().trim().max(50).nullable().optional(),
  langage: lang.optional(),
  /** a new password, with the current one */
  password: z.union([z.literal(''), password]).optional(),
  current_password: z.string().max(200).optional(),
});

export const accountCalls = {
  me: call('GET', 'webapp/account/me', {
    access: 'public',
    answer: z.union([accountDoc, z.literal(false)]),
    summary: "The signed-in guest's account with their stay and client file, or false",
  }),
  signup: call('POST', 'webapp/account/signup', {
    access: 'public',
    body: accountInsert,
    // an address that already has an account answers ok too (its owner is e-mailed): no one learns who has one
    answer: z.union([z.object({ ok: z.literal(true) }), failure('closed', 'unknown_code')]),
    summary: 'Creates a guest account from an activation code; the activation link is e-mailed; 429 past the throttles',
  }),
  activate: call('POST', 'webapp/account/activate', {
    access: 'public',
    body: z.object({ token }),
    answer: z.union([accountDoc, failure('invalid_token', 'closed')]),
    summary: 'Opens the e-mailed activation link: activates the account and signs the guest in',
  }),
  resendActivation: call('POST', 'webapp/account/resend-activation', {
    access: 'public',
    body: z.object({ email }),
    answer: z.literal(true),
    summary: 'Sends the activation link again (answers true whether or not the address has an account)',
  }),
  login: call('POST', 'webapp/account/login', {
    access: 'public',
    body: z.object({ email, password: z.string(missing(CORE.passwordRequired)).min(1, CORE.passwordRequired).max(200) }),
    answer: z.union([accountDoc, failure('closed', 'wrong_credentials', 'not_activated')]),
    summary: 'Signs a guest in (cookie session-webapp); 429 after too many failures',
  }),
  logout: call('POST', 'webapp/account/logout', {
    access: 'public',
    body: z.object({}).optional(),
    answer: z.literal(true),
    summary: 'Signs the guest out (ends the session-webapp session)',
  }),
  passwordRequest: call('POST', 'webapp/account/password-request', {
    access: 'public',
    body: z.object({ email }),
    answer: z.literal(true),
    summary: 'E-mails a password reset link (answers true whether or not the address has an account)',
  }),
  passwordReset: call('POST', 'webapp/account/password-reset', {
    access: 'public',
    body: z.object({ token, password }),
    answer: z.union([accountDoc, failure('invalid_token', 'closed')]),
    summary: 'Sets a new password from the e-mailed link and signs the guest in',
  }),
  /** the unsubscribe link of campaign mails (issue 20): a page that asks, changing nothing */
  unsubscribePage: call('GET', 'webapp/account/unsubscribe', {
    access: 'public',
    query: unsubscribeQuery,
    raw: true,
    answer: z.string(),
    summary: "The page of a campaign mail's unsubscribe link (HTML, in the mail's language): asks, changes nothing",
  }),
  /** its button, and the mail client's one-click POST (List-Unsubscribe-Post, RFC 8058, form-encoded) */
  unsubscribe: call('POST', 'webapp/account/unsubscribe', {
    access: 'public',
    query: unsubscribeQuery,
    body: z.object({ 'List-Unsubscribe': z.string().max(20).optional() }).optional(),
    raw: true,
    answer: z.string(),
    summary: 'Unsubscribes the address of the token from campaigns (HTML page; also the one-click POST of mail clients)',
  }),
  update: call('POST', 'webapp/account/update', {
    access: 'guest',
    body: accountUpdate,
    answer: z.union([accountDoc, failure('wrong_password')]),
    summary: "Changes the signed-in guest's own account",
  }),
};

/**
 * Links e-mailed to a guest, on the guest app's account page in their language:
 * `?code=` (sign-up with the client's activation code, the pre-stay e-mail's #lien),
 * `?activation=` (activation of a new account), `?reset=` (new password).
 */
export function accountLink(base: string, language: Lang, params: { code?: string; activation?: string; reset?: string }): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]);
  return `${base.replace(/\/+$/, '')}${segment(language, 'account')}?${query}`;
}
