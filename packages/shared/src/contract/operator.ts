import { z } from 'zod';
import { CORE, OPERATOR, SITE_CARE } from '../messages';
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

/** The last backup, restore or move of a site, with its progress (any instance's: the control database). */
export const siteTaskDoc = z.object({
  site: z.number(),
  kind: z.enum(['backup', 'restore', 'move']),
  /** 'failed' with `step` its French reason; a task whose instance stopped is 'failed' with SITE_CARE.interrupted */
  state: z.enum(['running', 'done', 'failed']),
  /** its last step, in French */
  step: z.string(),
  /** the backup written or restored */
  file: z.string().nullable(),
  started_at: z.number(),
  ended_at: z.number().nullable(),
});
export type SiteTask = z.infer<typeof siteTaskDoc>;

export const backupFileDoc = z.object({ name: z.string(), at: z.number(), bytes: z.number() });
export type SiteBackupFile = z.infer<typeof backupFileDoc>;

/** The rolling migration of every site's database (one at a time across instances). */
export const migrationRunDoc = z.object({
  /** 'running' whose instance stopped shows as `interrupted` (it may be started again) */
  state: z.enum(['running', 'done']),
  interrupted: z.boolean(),
  total: z.number(),
  done: z.number(),
  current_host: z.string().nullable(),
  failures: z.array(z.object({ site: z.number(), host: z.string(), reason: z.string() })),
  started_at: z.number(),
  ended_at: z.number().nullable(),
});
export type MigrationRun = z.infer<typeof migrationRunDoc>;

const queryId = z.coerce.number(missing(OPERATOR.unknownSite)).int().positive();
const backupName = z.string(missing(SITE_CARE.fileRequired)).trim().min(1, SITE_CARE.fileRequired).max(200);

/** Backups, restores and moves of one site, and the rolling migration of all (issue 35). */
export const siteCareCalls = {
  backups: call('GET', 'operator/sites/backups/list', {
    access: 'operator',
    query: z.object({ id: queryId }),
    answer: z.union([z.object({ task: siteTaskDoc.nullable(), files: z.array(backupFileDoc) }), z.literal(false)]),
    summary: "A site's last task (backup, restore, move) and its backup files, newest first; false for an unknown site",
  }),
  download: call('GET', 'operator/sites/backups/download', {
    access: 'operator',
    query: z.object({ id: queryId, name: backupName }),
    raw: true,
    answer: z.any(),
    summary: "Downloads one of a site's backups (gzipped SQL)",
  }),
  backup: call('POST', 'operator/sites/backup', {
    access: 'operator',
    body: siteBody,
    answer: z.union([siteTaskDoc, z.literal(false)]),
    summary: "Starts a backup of the site's database (pg_dump) as background work; false for an unknown site",
  }),
  restore: call('POST', 'operator/sites/restore', {
    access: 'operator',
    body: z.object({ id: siteId, file: backupName }),
    answer: z.union([siteTaskDoc, z.literal(false)]),
    summary: 'Starts restoring the site from one of its backups: suspended meanwhile, then served again',
  }),
  move: call('POST', 'operator/sites/move', {
    access: 'operator',
    body: z.object({
      id: siteId,
      database_url: z
        .string(missing(SITE_CARE.databaseUrlRequired))
        .trim()
        .min(1, SITE_CARE.databaseUrlRequired)
        .max(1000)
        .refine((v) => /^postgres(ql)?:\/\//.test(v), OPERATOR.databaseUrlInvalid),
    }),
    answer: z.union([siteTaskDoc, z.literal(false)]),
    summary: 'Starts moving the site to another (empty) PostgreSQL database: suspended, backed up, restored there, switched, resumed',
  }),
  migrations: call('GET', 'operator/migrations/status', { access: 'operator', answer: z.union([migrationRunDoc, z.literal(false)]), summary: 'The last rolling migration of every site, false when none' }),
  migrate: call('POST', 'operator/migrations/start', {
    access: 'operator',
    body: z.object({}).optional(),
    answer: migrationRunDoc,
    summary: "Starts migrating every site's database, one after the other (400 while one runs)",
  }),
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
