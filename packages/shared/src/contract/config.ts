import { z } from 'zod';
import { LANGS } from '../i18n/languages';
import { CORE } from '../messages';
import { call, orFalse, staff } from './call';
import { id, lang, missing } from './common';

export const PLANS = ['essentiel', 'premium'] as const;
export const PMS_NAMES = ['inaxel', 'e-season', 'hippocamp', 'applicamp', 'logmis', 'koban', 'amenitiz'] as const;

export const welcomeEntry = z.object({ lang, welcome: z.string() });
export const langFlags = z.object(Object.fromEntries(LANGS.map((l) => [l, z.boolean()])) as Record<(typeof LANGS)[number], z.ZodBoolean>);

/** GET dashboard/config/global/list: the global config keys of spec 000 §3. */
export const globalConfigDoc = z.object({
  establishment: z.string(),
  features: z.enum(PLANS),
  'webapp-connexion': z.boolean(),
  'lang-default': lang,
  langs: langFlags,
  'send-mail-cron': z.boolean(),
  'nb-days-mail-cron': z.array(z.number()),
  'background-img': z.string().nullable(),
  'welcome-txt': z.array(welcomeEntry),
  /** not in the spec: the establishment's time zone (TIME_ZONE), in which epoch times are shown */
  'time-zone': z.string(),
});
export type GlobalConfig = z.infer<typeof globalConfigDoc>;

const nbdays = z
  .union([z.string(), z.array(z.number())])
  .transform((v, ctx) => {
    const parts = Array.isArray(v) ? v.map(String) : v.split(',').map((s) => s.trim()).filter(Boolean);
    const out: number[] = [];
    for (const p of parts) {
      const n = Number(p);
      if (!/^\d+$/.test(p) || n > 60) {
        ctx.addIssue({ code: 'custom', message: CORE.nbdaysInvalid });
        return z.NEVER;
      }
      out.push(n);
    }
    return out;
  });

export const globalUpdate = z
  .object({
    sendmail: z.boolean(),
    establishment: z.string(missing(CORE.establishmentRequired)).trim().min(1, CORE.establishmentRequired).max(40, CORE.establishmentMax),
    nbdays,
    langs: z.array(lang).min(1, CORE.langsRequired),
    /** not in the spec's body: the default language, which must stay enabled */
    lang_default: lang.optional(),
    background: id.nullable(),
    welcome: z.array(welcomeEntry),
  })
  .superRefine((v, ctx) => {
    const def = v.lang_default;
    if (def && !v.langs.includes(def)) ctx.addIssue({ code: 'custom', path: ['langs'], message: CORE.defaultLangRequired });
    for (const [i, w] of v.welcome.entries()) {
      if (w.welcome.trim().length > 40) ctx.addIssue({ code: 'custom', path: ['welcome', i, 'welcome'], message: CORE.welcomeMax(w.lang) });
    }
  });

export const pmsConfigDoc = z.object({
  name: z.union([z.enum(PMS_NAMES), z.literal('')]),
  period: z.string().max(20),
  separator: z.string().max(5),
  prefix: z.string().max(50),
  ftp_host: z.string().max(200),
  ftp_user: z.string().max(200),
  ftp_pass: z.string().max(200),
  intern_token: z.string().max(500),
  api_token: z.string().max(500),
  api_url: z.string().max(500),
  last_handling: z.number().nullable(),
});
export type PmsConfig = z.infer<typeof pmsConfigDoc>;

const emailOrEmpty = z.union([z.literal(''), z.string().trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, CORE.emailInvalid)]);
export const configEmailsDoc = z.object({
  default: emailOrEmpty,
  inventories: emailOrEmpty,
  bcc_inventories: z.boolean(),
  services: emailOrEmpty,
  bcc_services: z.boolean(),
});

export const adminConfigDoc = z.object({
  config_pms: pmsConfigDoc,
  features: z.enum(PLANS),
  active_connexion: z.boolean(),
  application_ouverte: z.boolean(),
  show_stay_dates: z.boolean(),
  show_stay_location: z.boolean(),
  config_emails: configEmailsDoc,
});
export type AdminConfig = z.infer<typeof adminConfigDoc>;

/**
 * The administrator settings as the server answers them: `plan_by_operator` is true in multi-site mode,
 * where the plan is the operator's (docs/multisite.md): the screen shows it, and does not offer to change it.
 */
export const adminConfigAnswer = adminConfigDoc.extend({ plan_by_operator: z.boolean() });
export type AdminConfigAnswer = z.infer<typeof adminConfigAnswer>;

export const adminConfigUpdate = adminConfigDoc.extend({
  config_pms: pmsConfigDoc.omit({ last_handling: true }).extend({ last_handling: z.number().nullable().optional() }),
});

/** What the guest app may read: no PMS, e-mail or deposit setting. */
export const publicConfigDoc = z.object({
  establishment: z.string(),
  features: z.enum(PLANS),
  lang_default: lang,
  langs: z.array(lang),
  background: z.string().nullable(),
  welcome: z.array(welcomeEntry),
  application_ouverte: z.boolean(),
  show_stay_dates: z.boolean(),
  show_stay_location: z.boolean(),
  webapp_connexion: z.boolean(),
  time_zone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigDoc>;

export const config = {
  // every staff member's shell reads it (establishment, plan, languages, time zone): all of it but the
  // pre-stay e-mail switch and days is the guest app's public configuration anyway
  globalList: call('GET', 'dashboard/config/global/list', { access: 'dashboard', answer: globalConfigDoc, summary: 'Reads the general settings (establishment, languages, welcome, mail sending)' }),
  globalUpdate: call('POST', 'dashboard/config/global/update', {
    ...staff('params'),
    body: globalUpdate,
    answer: orFalse(globalConfigDoc),
    summary: 'Saves the general settings',
  }),
  // the administrator settings (PMS gateway, e-mail addresses, plan switches) are read where they are
  // changed: by super users. The plan, languages and time zone every screen needs are in globalList.
  adminList: call('GET', 'dashboard/config/admin/list', {
    ...staff('super'),
    answer: adminConfigAnswer,
    summary: 'The administrator settings (super only; the plan is also in global/list)',
  }),
  adminUpdate: call('POST', 'dashboard/config/admin/update', {
    ...staff('super'),
    body: adminConfigUpdate,
    answer: orFalse(adminConfigAnswer),
    summary: 'Saves the administrator settings (super only)',
  }),
  pms: call('GET', 'webapp/config/pms', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    answer: pmsConfigDoc,
    summary: 'The PMS gateway; secrets blanked unless super',
  }),
  version: call('GET', 'webapp/config/version', { access: 'public', answer: z.object({ version: z.string() }), summary: 'Reads the version of the deployed apps (an open app reloads when it changes)' }),
  public: call('GET', 'webapp/config/public', {
    access: 'public',
    answer: publicConfigDoc,
    summary: 'The public part of the configuration, for the guest app (not in the spec table)',
  }),
};
