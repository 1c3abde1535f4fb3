import { z } from 'zod';
import { isBlankText } from '../domain/translations';
import { CORE, NOTIFICATIONS } from '../messages';
import { call, orFalse, staff } from './call';
import { deleteAnswer, epoch, id, idBody, lang, ok } from './common';

/** 002 §9: title at most 40, content at most 140, template name at most 40. */
export const NOTIFICATION_TITLE_MAX = 40;
export const NOTIFICATION_CONTENT_MAX = 140;
export const NOTIFICATION_NAME_MAX = 40;
/**
 * The payload a device receives (title, text, address, ids as JSON) is capped at 3 000 bytes before
 * encryption: aes128gcm adds 103, and push services refuse a body over 4 096 (Firefox on Android near 3 KB).
 */
export const PUSH_PAYLOAD_MAX = 3000;
/** Stay-phase segments look at most a year around now (ours). */
export const SEGMENT_DAYS_MAX = 365;

/** 002 §3 'Redirect': home, animations, membres, a category by id, a page by id. */
export const redirectValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('home') }),
  z.object({ type: z.literal('animations') }),
  z.object({ type: z.literal('membres') }),
  /** the guest's review questionnaires to answer (issue 24's invitations; not offered in the send form) */
  z.object({ type: z.literal('reviews') }),
  /** one guest's conversation (a staff answer's push; docs/messages.md): written by the server for that guest alone */
  z.object({ type: z.literal('conversation'), id }),
  z.object({ type: z.literal('category'), id }),
  z.object({ type: z.literal('page'), id }),
]);
export type Redirect = z.infer<typeof redirectValue>;
export const HOME_REDIRECT: Redirect = { type: 'home' };

/**
 * The wire form is JSON text (002 §3 'Redirect is JSON text'), parsed and checked here; an object is taken
 * too. Empty or missing is the home (002 §9 'Default notification redirect: home').
 */
export const redirectInput = z
  .union([z.string().max(500), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((v, ctx): Redirect => {
    if (v === undefined || v === null || v === '') return HOME_REDIRECT;
    let value: unknown = v;
    if (typeof v === 'string') {
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: NOTIFICATIONS.redirectInvalid });
        return z.NEVER;
      }
    }
    const parsed = redirectValue.safeParse(value);
    // a conversation's address is meant for its guest alone: staff templates and sends cannot take it
    if (!parsed.success || parsed.data.type === 'conversation') {
      ctx.addIssue({ code: 'custom', message: NOTIFICATIONS.redirectInvalid });
      return z.NEVER;
    }
    return parsed.data;
  });

export const notificationTranslation = z.object({ lang, title: z.string().max(1000), content: z.string().max(1000) });
export type NotificationTranslation = z.infer<typeof notificationTranslation>;

/** Each language once; the lengths of 002 §9, said in the language's version. */
function checkTranslations(translations: { lang: string; title: string; content: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  translations.forEach((t, i) => {
    if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: ['translations', i, 'lang'], message: CORE.badRequest });
    seen.add(t.lang);
    if (t.title.trim().length > NOTIFICATION_TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['translations', i, 'title'], message: NOTIFICATIONS.titleMax(t.lang) });
    if (t.content.trim().length > NOTIFICATION_CONTENT_MAX) ctx.addIssue({ code: 'custom', path: ['translations', i, 'content'], message: NOTIFICATIONS.contentMax(t.lang) });
  });
}

/**
 * The rules that need the default language (002 §5): its title and content are required. The messages by
 * field path, as the server's 400 gives them; empty when all is well.
 */
export function notificationLanguageIssues(translations: readonly { lang: string; title: string; content: string }[], defaultLang: string) {
  const index = translations.findIndex((t) => t.lang === defaultLang);
  const at = index >= 0 ? index : translations.length;
  const entry = translations[index];
  const issues: Record<string, string> = {};
  if (!entry || entry.title.trim() === '') issues[`translations.${at}.title`] = NOTIFICATIONS.titleRequired(defaultLang);
  if (!entry || isBlankText(entry.content)) issues[`translations.${at}.content`] = NOTIFICATIONS.contentRequired(defaultLang);
  return issues;
}

const translationsField = z.array(notificationTranslation).max(7);
const name = z.string({ error: NOTIFICATIONS.nameRequired }).trim().min(1, NOTIFICATIONS.nameRequired).max(NOTIFICATION_NAME_MAX, NOTIFICATIONS.nameMax);
/** the staff member, as the spec's dashboard sends it; the server takes the session's */
const staffUser = z.string().max(64).nullable().optional();

export const notificationDoc = z.object({
  _id: z.string(),
  name: z.string(),
  /** JSON text (002 §3) */
  redirect: z.string(),
  translations: z.array(notificationTranslation),
  user: z.string().nullable(),
  created_time: z.number(),
  edited_time: z.number(),
});
export type NotificationTemplate = z.infer<typeof notificationDoc>;

const templateFields = { name, redirect: redirectInput, translations: translationsField, user: staffUser };
export const notificationInsert = z.object(templateFields).superRefine((v, ctx) => checkTranslations(v.translations, ctx));
export const notificationUpdate = z.object({ id, ...templateFields }).superRefine((v, ctx) => checkTranslations(v.translations, ctx));

/**
 * Who receives a send (ours; the spec's `user_list` null = everyone, or guest account ids, stays accepted):
 * everyone, guest accounts, the accounts of chosen client files, or a stay phase computed when the send
 * goes out (on site now, arriving within `days`, departed within `days`).
 */
export const notificationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('users'), users: z.array(id).min(1, NOTIFICATIONS.noTarget).max(20_000) }),
  z.object({ kind: z.literal('clients'), clients: z.array(z.string().max(64)).min(1, NOTIFICATIONS.noTarget).max(100_000) }),
  z.object({ kind: z.literal('onsite') }),
  z.object({ kind: z.enum(['arriving', 'departed']), days: z.number({ error: NOTIFICATIONS.daysInvalid }).int(NOTIFICATIONS.daysInvalid).min(0, NOTIFICATIONS.daysInvalid).max(SEGMENT_DAYS_MAX, NOTIFICATIONS.daysInvalid) }),
]);
export type Target = z.infer<typeof notificationTarget>;

const userList = z.array(id).max(20_000).nullable().optional();

export const notificationSendInsert = z
  .object({
    /** the template it was written from, if any */
    id: id.nullable().optional(),
    translations: translationsField,
    user_list: userList,
    redirect: redirectInput,
    /** ours: a target other than user_list */
    target: notificationTarget.optional(),
    /** ours: send inside the quiet hours all the same (the dashboard asked 'Envoyer quand même ?') */
    force: z.boolean().optional(),
  })
  .superRefine((v, ctx) => checkTranslations(v.translations, ctx));

export const cronNotificationInsert = z
  .object({
    /** epoch seconds, in the future (002 §5) */
    timestamp: epoch,
    user: staffUser,
    redirect: redirectInput,
    translations: translationsField,
    user_list: userList,
    target: notificationTarget.optional(),
    id: id.nullable().optional(),
  })
  .superRefine((v, ctx) => checkTranslations(v.translations, ctx));

export const SEND_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export const SEND_KINDS = ['now', 'scheduled', 'user', 'auto'] as const;

/** One send and its figures (issue 21 'Analytics'): devices targeted, delivered, failed, opened. */
export const notificationSendDoc = z.object({
  _id: z.string(),
  kind: z.enum(SEND_KINDS),
  status: z.enum(SEND_STATUSES),
  timestamp: z.number(),
  redirect: z.string(),
  translations: z.array(notificationTranslation),
  target: notificationTarget,
  template: z.string().nullable(),
  user: z.string().nullable(),
  targeted: z.number(),
  delivered: z.number(),
  failed: z.number(),
  opened: z.number(),
  /** waiting for the end of the quiet hours until this time, else null */
  waiting_until: z.number().nullable(),
  sent_time: z.number().nullable(),
  cancelled_time: z.number().nullable(),
  created_time: z.number(),
});
export type NotificationSend = z.infer<typeof notificationSendDoc>;

/** The answer of a staff send inside the quiet hours without `force`: the dashboard asks first. */
export const quietHoursDoc = z.object({ quiet_hours: z.object({ start: z.string(), end: z.string() }) });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, NOTIFICATIONS.quietHoursInvalid);
export const notificationSettingsDoc = z.object({
  /** quiet hours in the establishment's time zone; start = end means none */
  quiet_start: hhmm,
  quiet_end: hhmm,
  /** the VAPID public key (read only) */
  public_key: z.string(),
});

/** A browser's push subscription (PushSubscription.toJSON()). */
export const subscriptionInsert = z.object({
  endpoint: z.string().trim().min(1, NOTIFICATIONS.endpointInvalid).max(1000, NOTIFICATIONS.endpointInvalid),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, NOTIFICATIONS.endpointInvalid),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, NOTIFICATIONS.endpointInvalid),
  }),
  lang: lang.optional(),
});

/** 002 §2 the one-guest form: Titre (not checked, 002 §5) and Message. */
export const notificationUserSendInsert = z.object({
  title: z.string().max(NOTIFICATION_TITLE_MAX, NOTIFICATIONS.titleMax('fr')).optional().transform((s) => (s ?? '').trim()),
  msg: z.string({ error: NOTIFICATIONS.messageRequired }).trim().min(1, NOTIFICATIONS.messageRequired).max(NOTIFICATION_CONTENT_MAX, NOTIFICATIONS.contentMax('fr')),
  user: id,
  redirect: redirectInput,
});

/** A guest account found by the composer's search (issue 32: 'Un client', 'Une liste de clients'). */
export const notificationGuestDoc = z.object({
  _id: id,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  client_number: z.string().nullable(),
  /** its devices subscribed now */
  devices: z.number(),
});
export type NotificationGuest = z.infer<typeof notificationGuestDoc>;
export const NOTIFICATION_GUESTS_MAX = 8;

/** The guest app's history (issue 32): the notifications sent to the signed-in guest, newest first. */
export const NOTIFICATION_HISTORY_PAGE = 20;
export const notificationHistoryDoc = z.object({
  /** the send's id */
  _id: id,
  /** the text in the asked language, else English, else the default language's (as a push) */
  lang,
  title: z.string(),
  content: z.string(),
  /** the guest app's path of its page in the asked language ('/' for the home) */
  url: z.string(),
  /** when it went out to this guest */
  time: epoch,
});
export const notificationHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: lang.optional(),
});

export const notifications = {
  list: call('GET', 'dashboard/notifications/list', { ...staff('notifications'), answer: z.array(notificationDoc), summary: 'Lists the push notifications, sent and planned' }),
  insert: call('POST', 'dashboard/notifications/insert', { ...staff('notifications'), body: notificationInsert, answer: notificationDoc, summary: 'Creates a push notification, sent now or at its planned time' }),
  update: call('POST', 'dashboard/notifications/update', { ...staff('notifications'), body: notificationUpdate, answer: orFalse(notificationDoc), summary: 'Updates a planned push notification (false: unknown id)' }),
  delete: call('POST', 'dashboard/notifications/delete', { ...staff('notifications'), body: idBody, answer: deleteAnswer, summary: 'Deletes a notification (a planned one is not sent)' }),
  send: call('POST', 'dashboard/notifications/send', {
    access: 'dashboard',
    anyPermission: ['notifications', 'homepage'],
    body: notificationSendInsert,
    answer: z.union([notificationSendDoc, quietHoursDoc]),
    summary: 'Sends now (a job); inside the quiet hours without force answers { quiet_hours } and sends nothing',
  }),
  schedule: call('POST', 'dashboard/cron_notification/insert', {
    ...staff('notifications'),
    body: cronNotificationInsert,
    answer: notificationSendDoc,
    summary: 'Plans a send at timestamp; the target is computed when it goes out; quiet hours make it wait',
  }),
  sends: call('GET', 'dashboard/cron_notification/list', {
    access: 'dashboard',
    anyPermission: ['notifications', 'stats'],
    answer: z.array(notificationSendDoc),
    summary: 'The last 200 sends, newest first, with their figures (not in the spec)',
  }),
  cancel: call('POST', 'dashboard/cron_notification/cancel', {
    ...staff('notifications'),
    body: idBody,
    answer: orFalse(notificationSendDoc),
    summary: 'Cancels a send that has not gone out; one gone is a 400 (not in the spec)',
  }),
  audience: call('POST', 'dashboard/notifications/audience', {
    access: 'dashboard',
    anyPermission: ['notifications', 'homepage', 'users'],
    body: z.object({ target: notificationTarget.optional(), user_list: userList }),
    answer: z.object({ devices: z.number(), users: z.number(), quiet_hours: quietHoursDoc.shape.quiet_hours.nullable() }),
    summary: 'How many devices (and accounts) a target reaches now, and the quiet hours when now is inside them (not in the spec)',
  }),
  settings: call('GET', 'dashboard/notifications/settings', { ...staff('notifications'), answer: notificationSettingsDoc, summary: 'Reads the push settings (quiet hours, the public VAPID key)' }),
  settingsUpdate: call('POST', 'dashboard/notifications/settings/update', {
    ...staff('notifications'),
    body: notificationSettingsDoc.omit({ public_key: true }),
    answer: notificationSettingsDoc,
    summary: 'Saves the push settings (quiet hours)',
  }),
  findByUser: call('POST', 'webapp/notifications/find-by-user', {
    access: 'dashboard',
    anyPermission: ['users', 'notifications'],
    body: z.object({ user: id }),
    answer: z.boolean(),
    summary: 'true when the guest account has a device subscribed',
  }),
  sendUser: call('POST', 'webapp/notifications/send-user', {
    access: 'dashboard',
    anyPermission: ['users', 'notifications'],
    body: notificationUserSendInsert,
    answer: orFalse(notificationSendDoc),
    summary: "Sends now to that one guest's devices, quiet hours or not (staff chose to write to them); false for an unknown guest",
  }),
  guests: call('GET', 'dashboard/notifications/guests', {
    ...staff('notifications'),
    query: z.object({ q: z.string().trim().min(1).max(80) }),
    answer: z.array(notificationGuestDoc),
    summary: `The composer's search of guest accounts (issue 32, not in the spec): the start of a last or first name or of the e-mail, or a client number; those with a device first, ${NOTIFICATION_GUESTS_MAX} at most`,
  }),
  history: call('GET', 'webapp/notifications/history', {
    access: 'guest',
    query: notificationHistoryQuery,
    answer: z.object({ rows: z.array(notificationHistoryDoc), more: z.boolean() }),
    summary: `The notifications sent to the signed-in guest's account (not cancelled), newest first, ${NOTIFICATION_HISTORY_PAGE} a page; each in lang (else English, else the default language) (issue 32, not in the spec)`,
  }),
  // the guest app
  publicKey: call('GET', 'webapp/notifications/key', {
    access: 'public',
    answer: z.object({ key: z.string() }),
    summary: 'The VAPID public key to subscribe with',
  }),
  subscribe: call('POST', 'webapp/notifications/subscribe', {
    access: 'public',
    body: subscriptionInsert,
    answer: ok,
    summary: "Keeps this device's subscription, tied to the signed-in guest (or to nobody); sent again at each start",
  }),
  unsubscribe: call('POST', 'webapp/notifications/unsubscribe', {
    access: 'public',
    body: z.object({ endpoint: z.string().max(1000) }),
    answer: ok,
    summary: "Forgets this device's subscription (anonymous, or the signed-in guest's own)",
  }),
  opened: call('POST', 'webapp/notifications/opened', {
    access: 'public',
    body: z.object({ id, endpoint: z.string().max(1000) }),
    answer: ok,
    summary: 'The notification of send id was tapped on the device of this endpoint (counted once)',
  }),
};
