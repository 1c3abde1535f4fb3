import { z } from 'zod';
import { CORE, OPERATOR } from '../messages';
import { call } from './call';
import { missing } from './common';
import { PLANS } from './config';

/**
 * The operator console's calls (issue 35, docs/multisite.md), served on OPERATOR_HOST only, by the
 * operator's own server (apps/server/src/operator), never by a campsite's: not in `contract`.
 */

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const host = z
  .string(missing(OPERATOR.hostRequired))
  .trim()
  .toLowerCase()
  .min(1, OPERATOR.hostRequired)
  .transform((v) => v.replace(/\.$/, ''))
  .refine((v) => HOST.test(v), OPERATOR.hostInvalid);
const plan = z.enum(PLANS, { error: OPERATOR.planInvalid });
const siteId = z.number(missing(OPERATOR.unknownSite)).int().positive();

export const operatorDoc = z.object({ login: z.string() });
export type OperatorAccount = z.infer<typeof operatorDoc>;

/** What the console shows of a site's health: read from its database with a short timeout. */
export const siteHealth = z.union([
  z.object({
    answers: z.literal(true),
    /** epoch seconds, null when none: the last request the site's server answered (any instance) */
    last_request: z.number().nullable(),
    /** jobs due and not run yet */
    jobs_waiting: z.number(),
    /** e-mails of its campaigns that failed */
    failed_mails: z.number(),
    last_backup: z.object({ at: z.number(), ok: z.boolean() }).nullable(),
    /** the name of its last migration applied */
    schema_version: z.string().nullable(),
  }),
  z.object({ answers: z.literal(false), error: z.string() }),
]);

export const operatorSiteDoc = z.object({
  _id: z.number(),
  dashboard_host: z.string(),
  guest_host: z.string(),
  plan,
  state: z.enum(['active', 'suspended']),
  created_at: z.number(),
  health: siteHealth,
});
export type OperatorSite = z.infer<typeof operatorSiteDoc>;

export const siteInsert = z.object({
  dashboard_host: host,
  guest_host: host,
  /** none: a database created on the control database's server */
  database_url: z
    .string()
    .trim()
    .max(1000)
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), OPERATOR.databaseUrlInvalid)
    .optional(),
  demo: z.boolean().optional(),
  plan: plan.optional(),
  /** the manager's address: the super account's e-mail, sent the first e-mail with a link to choose a password */
  manager_email: z
    .string()
    .trim()
    .max(100, CORE.emailInvalid)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), CORE.emailInvalid)
    .optional(),
});

export const upsellDoc = z.object({
  _id: z.number(),
  site: z.number(),
  dashboard_host: z.string(),
  who: z.string(),
  what: z.string(),
  created_at: z.number(),
});

const siteBody = z.object({ id: siteId });
const siteRow = z.union([operatorSiteDoc.omit({ health: true }), z.literal(false)]);

export const operatorCalls = {
  session: call('GET', 'operator/session', { access: 'public', answer: z.union([operatorDoc, z.literal(false)]), summary: 'The operator of the session cookie, or false' }),
  login: call('POST', 'operator/login', {
    access: 'public',
    body: z.object({
      login: z.string(missing(CORE.loginRequired)).trim().min(1, CORE.loginRequired).max(100, CORE.loginTooLong),
      password: z.string(missing(CORE.passwordRequired)).min(1, CORE.passwordRequired).max(200, CORE.passwordTooLong),
    }),
    answer: z.union([operatorDoc, z.literal(false)]),
    summary: "Sets the operator's HttpOnly session cookie; false for a wrong identifier or password",
  }),
  logout: call('POST', 'operator/logout', { access: 'operator', body: z.object({}).optional(), answer: z.literal(true) }),
  sites: call('GET', 'operator/sites/list', { access: 'operator', answer: z.array(operatorSiteDoc), summary: 'Every site and its health (a site whose database does not answer says so)' }),
  insert: call('POST', 'operator/sites/insert', {
    access: 'operator',
    body: siteInsert,
    // mail: with manager_email, whether the first e-mail left (a French sentence), else absent
    answer: z.object({ site: operatorSiteDoc.omit({ health: true }), login: z.string(), password: z.string(), mail: z.object({ sent: z.boolean(), text: z.string() }).optional() }),
    summary: "Creates a site: its database (created or given), migrated, its super account (its password answered once), demo or empty",
  }),
  plan: call('POST', 'operator/sites/plan', { access: 'operator', body: z.object({ id: siteId, plan }), answer: siteRow, summary: 'Sets the plan; false for an unknown site' }),
  suspend: call('POST', 'operator/sites/suspend', { access: 'operator', body: siteBody, answer: siteRow, summary: 'Every call of the site answers 503 within seconds' }),
  resume: call('POST', 'operator/sites/resume', { access: 'operator', body: siteBody, answer: siteRow }),
  upsells: call('GET', 'operator/upsells/list', { access: 'operator', answer: z.array(upsellDoc), summary: "The campsites' 'Oui, ça m'intéresse !', newest first (the last 500)" }),
};

/** A campsite's 'Oui, ça m'intéresse !' (UpsellBlock): in multi-site mode it reaches the operator; true then. */
export const upsell = {
  request: call('POST', 'dashboard/upsell/request', {
    access: 'dashboard',
    body: z.object({ what: z.string(missing(OPERATOR.upsellWhatRequired)).trim().min(1, OPERATOR.upsellWhatRequired).max(200) }),
    answer: z.boolean(),
    summary: "The premium upsell's 'yes': recorded for the operator in multi-site mode (true), nothing sent otherwise (false)",
  }),
};
