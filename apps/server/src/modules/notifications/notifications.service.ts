import type { DashboardUser, Lang, NotificationSend, NotificationTranslation, ParsedBody, Redirect, Target } from '@campsite/shared';
import { CAMPAIGN_MAX_AHEAD, NOTIFICATION_GUESTS_MAX, NOTIFICATION_HISTORY_PAGE, NOTIFICATIONS, notificationLanguageIssues, notifications as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { SendKind } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { takeHits } from '../../platform/throttle/throttle.repository';
import { takeOrRefuse } from '../../platform/throttle/buckets';
import { assertPayloadFits, quietUntil, redirectPaths, translationFor } from './content.service';
import { batchJob, planJob } from './notifications.jobs';
import * as repo from './notifications.repository';
import { findGuest } from '../../platform/people/guests.repository';
import { subscriptionInvalid } from './notifications.texts';
import { endpointAllowed } from '../../integrations/webpush/push';
import { vapidKeys } from './vapid.service';

/** 'Send now' from a browser whose clock is a little behind is still now, not a date in the past. */
const NOW_TOLERANCE = 600;
/** Subscription calls (subscribe, unsubscribe, open) per address in 15 minutes: a campsite's Wi-Fi is one address. */
export const SUBSCRIPTION_CALLS_PER_ADDRESS = 120;

// ------------------------------------------------------------------ templates

const templateOf = (r: repo.TemplateRow) => ({
  _id: r.id,
  name: r.name,
  redirect: JSON.stringify(r.redirect),
  translations: r.translations,
  user: r.userId,
  created_time: r.createdTime,
  edited_time: r.editedTime,
});

const cleanTranslations = (list: readonly NotificationTranslation[]) => list.map((t) => ({ lang: t.lang, title: t.title.trim(), content: t.content.trim() }));

/** The rules a template and a send share: default language written, page or category existing, payload small enough. */
async function checkContent(tx: Tx, translations: NotificationTranslation[], redirect: Redirect) {
  const { lang_default } = await getGlobalSettings(tx);
  const issues = notificationLanguageIssues(translations, lang_default);
  const first = Object.values(issues)[0];
  if (first) throw badRequest(first, issues);
  assertPayloadFits(translations, await redirectPaths(tx, redirect, lang_default), redirect);
}

export const listTemplates = async (deps: Deps) => (await repo.listTemplates(deps.db)).map(templateOf);

export async function insertTemplate(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.insert>) {
  const translations = cleanTranslations(body.translations);
  return deps.db.transaction(async (tx) => {
    await checkContent(tx, translations, body.redirect);
    const now = deps.now();
    const row = { id: newId(), name: body.name, redirect: body.redirect, translations, userId: user._id, createdTime: now, editedTime: now };
    await repo.insertTemplate(tx, row);
    return templateOf(row);
  });
}

export async function updateTemplate(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.update>) {
  const translations = cleanTranslations(body.translations);
  return deps.db.transaction(async (tx) => {
    await checkContent(tx, translations, body.redirect);
    const row = await repo.updateTemplate(tx, body.id, { name: body.name, redirect: body.redirect, translations, userId: user._id, editedTime: deps.now() });
    return row ? templateOf(row) : (false as const);
  });
}

export const deleteTemplate = async (deps: Deps, id: string) => ((await repo.deleteTemplate(deps.db, id)) ? (true as const) : (false as const));

// ------------------------------------------------------------------ sends

/** The spec's user_list (null = everyone) unless a target of ours is given. */
export const targetOf = (body: { target?: Target; user_list?: string[] | null }): Target =>
  body.target ?? (body.user_list && body.user_list.length > 0 ? { kind: 'users', users: body.user_list } : { kind: 'all' });

export interface PlannedSend {
  kind: SendKind;
  translations: NotificationTranslation[];
  redirect: Redirect;
  target: Target;
  sendTime: number;
  /** waits out the quiet hours when it falls inside them */
  quiet: boolean;
  template?: string | null;
  userId?: string | null;
}

/**
 * Writes a send and the job that makes it go out at its time, in the caller's transaction. The devices
 * are found when it goes out (a stay phase is computed then), by that job.
 */
export async function planSend(deps: Deps, tx: Tx, s: PlannedSend): Promise<string> {
  const now = deps.now();
  const id = newId();
  await repo.insertSend(tx, {
    id,
    kind: s.kind,
    status: 'scheduled',
    translations: s.translations,
    redirect: s.redirect,
    target: s.target,
    template: s.template ?? null,
    quiet: s.quiet,
    sendTime: s.sendTime,
    userId: s.userId ?? null,
    createdTime: now,
    updatedTime: now,
  });
  // once, ever: the key keeps a second plan job from being queued for this send
  await planJob.enqueue(deps, { send: id }, { runAt: Math.max(s.sendTime, now), dedupeKey: `notifications.plan:${id}`, tx });
  return id;
}

/**
 * The service other areas call (reviews, services, messages, deposits): a push to a target, now, with
 * the content per language and the screen a tap opens. Automatic, so it waits out the quiet hours.
 * Pass `tx` to write it with the caller's own change (both or neither). Answers the send's id.
 */
export async function sendPush(deps: Deps, target: Target, content: NotificationTranslation[], redirect: Redirect = { type: 'home' }, opts: { tx?: Tx } = {}) {
  const translations = cleanTranslations(content);
  const run = async (tx: Tx) => {
    await checkContent(tx, translations, redirect);
    return planSend(deps, tx, { kind: 'auto', translations, redirect, target, sendTime: deps.now(), quiet: true });
  };
  const id = opts.tx ? await run(opts.tx) : await deps.db.transaction(run);
  deps.jobs.poke();
  return id;
}

async function quietWindow(deps: Deps) {
  const config = (await repo.readConfig(deps.db)) ?? { quietStart: '22:00', quietEnd: '08:00' };
  return { start: config.quietStart, end: config.quietEnd, until: quietUntil(deps.now(), config.quietStart, config.quietEnd, deps.env.TIME_ZONE) };
}

/**
 * Staff's sends that name guests (a guest's detail, a list of accounts or client files: send-user, send,
 * cron_notification/insert) a guest gets in USER_WINDOW seconds, whichever call plans them: past it the
 * call is a French 429 with Retry-After and plans nothing. Counted per guest account (every device of
 * theirs) in the send's transaction, on every instance alike (`throttle_hits` `push-user:<id>`, the
 * buckets locked in name order). A send to everyone or to a stay phase is one push per device and is not
 * counted; the pushes of other areas that name a guest count through `takeGuestPush`.
 */
export const USER_SENDS = 5;
const USER_WINDOW = 600;

async function countNamedSend(deps: Deps, tx: Tx, target: Target) {
  const guests = await repo.guestsNamed(tx, target);
  // accounts chosen in the composer (issue 32) that are all gone since: said, rather than a send to nobody
  if (target.kind === 'users' && guests.length === 0) throw badRequest(NOTIFICATIONS.guestsGone, { target: NOTIFICATIONS.guestsGone });
  if (guests.length === 0) return;
  const now = deps.now();
  const refusal = guests.length === 1 ? NOTIFICATIONS.tooManyToUser : NOTIFICATIONS.tooManyToUsers;
  await takeOrRefuse(tx, guests.map((id) => ({ bucket: `push-user:${id}`, max: USER_SENDS, since: now - USER_WINDOW, window: USER_WINDOW, refusal })), now);
}

/**
 * The same ceiling for a push another area plans to one guest (a staff chat answer): it is counted in the
 * guest's bucket, and past it the push is not planned (false) rather than the answer refused, which would
 * lose what staff wrote; the caller tells the guest another way.
 */
export async function takeGuestPush(deps: Deps, tx: Tx, guestId: string): Promise<boolean> {
  const now = deps.now();
  const taken = await takeHits(tx, [{ bucket: `push-user:${guestId}`, max: USER_SENDS, since: now - USER_WINDOW }], now);
  return !('full' in taken);
}

/** Staff's 'Envoyer': inside the quiet hours, without `force`, nothing is sent and the dashboard asks. */
export async function sendNow(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.send>) {
  const translations = cleanTranslations(body.translations);
  if (!body.force) {
    const q = await quietWindow(deps);
    if (q.until !== null) return { quiet_hours: { start: q.start, end: q.end } };
  }
  const id = await deps.db.transaction(async (tx) => {
    await checkContent(tx, translations, body.redirect);
    const template = body.id && (await repo.templateExists(tx, body.id)) ? body.id : null;
    await countNamedSend(deps, tx, targetOf(body));
    return planSend(deps, tx, { kind: 'now', translations, redirect: body.redirect, target: targetOf(body), sendTime: deps.now(), quiet: false, template, userId: user._id });
  });
  deps.jobs.poke();
  return (await findSend(deps, id))!;
}

export async function schedule(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.schedule>) {
  const now = deps.now();
  if (body.timestamp < now - NOW_TOLERANCE) throw badRequest(NOTIFICATIONS.dateInFuture, { timestamp: NOTIFICATIONS.dateInFuture });
  if (body.timestamp > now + CAMPAIGN_MAX_AHEAD) throw badRequest(NOTIFICATIONS.dateTooFar, { timestamp: NOTIFICATIONS.dateTooFar });
  const translations = cleanTranslations(body.translations);
  const id = await deps.db.transaction(async (tx) => {
    await checkContent(tx, translations, body.redirect);
    const template = body.id && (await repo.templateExists(tx, body.id)) ? body.id : null;
    await countNamedSend(deps, tx, targetOf(body));
    return planSend(deps, tx, { kind: 'scheduled', translations, redirect: body.redirect, target: targetOf(body), sendTime: Math.max(body.timestamp, now), quiet: true, template, userId: user._id });
  });
  deps.jobs.poke();
  return (await findSend(deps, id))!;
}

/** One guest from their detail (002 §2): the message is required, the title is not checked. */
export async function sendToUser(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.sendUser>) {
  const id = await deps.db.transaction(async (tx) => {
    const { lang_default } = await getGlobalSettings(tx);
    const exists = !!(await findGuest(tx, body.user, ['id']));
    if (!exists) return null;
    const translations = [{ lang: lang_default, title: body.title, content: body.msg }];
    assertPayloadFits(translations, await redirectPaths(tx, body.redirect, lang_default), body.redirect);
    const target: Target = { kind: 'users', users: [body.user] };
    await countNamedSend(deps, tx, target);
    return planSend(deps, tx, { kind: 'user', translations, redirect: body.redirect, target, sendTime: deps.now(), quiet: false, userId: user._id });
  });
  if (!id) return false as const;
  deps.jobs.poke();
  return (await findSend(deps, id))!;
}

/**
 * Cancels a send that has not gone out: its waiting devices are marked cancelled and its jobs dropped,
 * with the send locked, so that a batch starting at that moment finds nothing left.
 */
export async function cancelSend(deps: Deps, user: DashboardUser, id: string) {
  const done = await deps.db.transaction(async (tx) => {
    const s = await repo.lockSend(tx, id);
    if (!s) return false;
    if (s.status === 'sent') throw badRequest(NOTIFICATIONS.alreadySent, { id: NOTIFICATIONS.alreadySent });
    if (s.status === 'cancelled') throw badRequest(NOTIFICATIONS.alreadyCancelled, { id: NOTIFICATIONS.alreadyCancelled });
    const now = deps.now();
    await repo.cancelPending(tx, id);
    await repo.setSend(tx, id, { status: 'cancelled', cancelledTime: now, cancelledBy: user._id, updatedTime: now });
    await planJob.cancel(deps, { send: id }, tx);
    await batchJob.cancel(deps, { send: id }, tx);
    return true;
  });
  return done ? (await findSend(deps, id))! : (false as const);
}

function toSend(r: repo.SendRow, f: repo.Figures | undefined): NotificationSend {
  return {
    _id: r.id,
    kind: r.kind,
    status: r.status,
    timestamp: r.sendTime,
    redirect: JSON.stringify(r.redirect),
    translations: r.translations,
    target: r.target,
    template: r.template,
    user: r.userId,
    targeted: r.targeted,
    delivered: f?.delivered ?? 0,
    failed: f?.failed ?? 0,
    opened: f?.opened ?? 0,
    waiting_until: r.status === 'scheduled' ? r.waitingUntil : null,
    sent_time: r.sentTime,
    cancelled_time: r.cancelledTime,
    created_time: r.createdTime,
  };
}

/**
 * What a send's texts may tell a reader of the list. A send to named guest accounts is personal: one the
 * server wrote (kind 'auto': a staff chat answer, a review invitation) keeps only its titles for everyone
 * (its content is a conversation's, read with the chat's flag); for a reader without the notifications flag
 * (the stats flag reads the figures) a send to named accounts or client files keeps no text at all.
 */
function textsFor(r: repo.SendRow, notificationsFlag: boolean): NotificationTranslation[] {
  const named = r.target.kind === 'users' || r.target.kind === 'clients';
  if (!named) return r.translations;
  if (!notificationsFlag) return r.translations.map((t) => ({ lang: t.lang, title: '', content: '' }));
  if (r.kind === 'auto') return r.translations.map((t) => ({ lang: t.lang, title: t.title, content: '' }));
  return r.translations;
}

export async function listSends(deps: Deps, notificationsFlag: boolean) {
  const rows = await repo.listSends(deps.db);
  const figures = await repo.figuresOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...toSend(r, figures.get(r.id)), translations: textsFor(r, notificationsFlag) }));
}

/** One send as the notifications flag reads it (textsFor). */
export async function findSend(deps: Deps, id: string) {
  const r = await repo.sendRow(deps.db, id);
  return r ? { ...toSend(r, (await repo.figuresOf(deps.db, [id])).get(id)), translations: textsFor(r, true) } : null;
}

/** The devices a target reaches now, and the quiet hours when now is inside them: the form asks before 'Envoyer'. */
export async function audience(deps: Deps, body: ParsedBody<typeof calls.audience>) {
  const counts = await repo.countAudience(deps.db, targetOf(body), deps.now());
  const q = await quietWindow(deps);
  return { ...counts, quiet_hours: q.until === null ? null : { start: q.start, end: q.end } };
}

// ------------------------------------------------------------------ settings

export async function readSettings(deps: Deps) {
  const keys = await vapidKeys(deps);
  const config = (await repo.readConfig(deps.db))!;
  return { quiet_start: config.quietStart, quiet_end: config.quietEnd, public_key: keys.publicKey };
}

export async function updateSettings(deps: Deps, body: ParsedBody<typeof calls.settingsUpdate>) {
  await vapidKeys(deps);
  await repo.setQuietHours(deps.db, body.quiet_start, body.quiet_end, deps.now());
  return readSettings(deps);
}

// ------------------------------------------------------------------ the guest app's device

/** Each subscription call counts against its address: a stranger cannot make the server post to many endpoints. */
async function countCall(deps: Deps, ip: string) {
  const now = deps.now();
  const taken = await takeHits(deps.db, [{ bucket: `push-ip:${ip}`, max: SUBSCRIPTION_CALLS_PER_ADDRESS, since: now - 900 }], now);
  if ('full' in taken) throw new HttpError(429, NOTIFICATIONS.tooManySubscriptions);
}

/**
 * The guest app's device, tied to the guest signed in on it (nobody otherwise). Refused in the guest's
 * language: an endpoint that is not a push service's (push-address.ts), and someone else's endpoint with
 * other keys (the repository's rule: it stays its owner's, keys untouched).
 */
export async function subscribe(deps: Deps, guestId: string | null, ip: string, lang: Lang, body: ParsedBody<typeof calls.subscribe>) {
  const invalid = () => badRequest(subscriptionInvalid(lang), { endpoint: subscriptionInvalid(lang) });
  if (!endpointAllowed(deps, body.endpoint)) throw invalid();
  await countCall(deps, ip);
  const kept = await repo.upsertSubscription(deps.db, { id: newId(), endpoint: body.endpoint, keys: body.keys, userId: guestId, lang: body.lang ?? null, time: deps.now() });
  if (!kept) throw invalid();
  return true as const;
}

export async function unsubscribe(deps: Deps, guestId: string | null, ip: string, endpoint: string) {
  await countCall(deps, ip);
  await repo.deleteSubscription(deps.db, endpoint, guestId);
  return true as const;
}

export async function opened(deps: Deps, ip: string, id: string, endpoint: string) {
  await countCall(deps, ip);
  await repo.markOpened(deps.db, id, endpoint, deps.now());
  return true as const;
}

export const publicKey = async (deps: Deps) => ({ key: (await vapidKeys(deps)).publicKey });

// ------------------------------------------------------------------ the guest app's history (issue 32)

/**
 * The notifications sent to this guest's account, newest first, a page at a time: each in `lang` when
 * the send has a title in it, else English, else the default language (as its push), with the address of
 * its page in `lang` (the home when that page or category is gone since).
 */
export async function guestHistory(deps: Deps, guestId: string, lang: Lang, page: number) {
  const size = NOTIFICATION_HISTORY_PAGE;
  const rows = await repo.guestHistory(deps.db, guestId, size, (page - 1) * size);
  const { lang_default } = await getGlobalSettings(deps.db);
  const paths = new Map<string, Record<string, string>>();
  const pathOf = async (redirect: Redirect) => {
    const key = JSON.stringify(redirect);
    let p = paths.get(key);
    if (!p) {
      p = await redirectPaths(deps.db, redirect, lang_default).catch(() => redirectPaths(deps.db, { type: 'home' }, lang_default));
      paths.set(key, p);
    }
    return p[lang] ?? '/';
  };
  const out = [];
  for (const r of rows.slice(0, size)) {
    const t = translationFor(r.translations, lang, lang_default);
    out.push({ _id: r.id, lang: t.lang as Lang, title: t.title.trim(), content: t.content.trim(), url: await pathOf(r.redirect), time: r.time });
  }
  return { rows: out, more: rows.length > size };
}

/** The composer's search of guest accounts (issue 32). */
export const searchGuests = (deps: Deps, q: string) => repo.searchGuests(deps.db, q, NOTIFICATION_GUESTS_MAX);
