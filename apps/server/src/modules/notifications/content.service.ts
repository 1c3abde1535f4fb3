import { LANGS, NOTIFICATIONS, PUSH_PAYLOAD_MAX, ROUTE_SEGMENTS, conversationPath, epochToZoned, pickTranslation, pushLang, zonedTimeToEpoch } from '@campsite/shared';
import type { Lang, NotificationTranslation, Redirect } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { categoryWithGroup, pageExists } from './notifications.repository';

/** What a device receives, decrypted (the worker reads it; docs/notifications.md). */
export interface PushPayload {
  /** the send's id: the notification's tag and the open report's key */
  id: string;
  lang: string;
  title: string;
  body: string;
  /** the guest app's path in that language (000 §2.2) */
  url: string;
  redirect: Redirect;
}

/**
 * The guest app's address of a redirect in each language: a category by its rubric's prefix and its own
 * suffix in that language (else the default's, else the id), as the app builds them. Throws the French
 * 400 when the page or category does not exist (checked when a template or a send is written).
 */
export async function redirectPaths(db: Tx, redirect: Redirect, defaultLang: string): Promise<Record<string, string>> {
  const paths: Record<string, string> = {};
  const seg = (l: Lang) => ROUTE_SEGMENTS[l];
  if (redirect.type === 'category') {
    const { c, g } = await categoryWithGroup(db, redirect.id);
    if (!c || !g) throw badRequest(NOTIFICATIONS.redirectGone, { redirect: NOTIFICATIONS.redirectGone });
    for (const l of LANGS) {
      const prefix = pickTranslation(g.translations, l, defaultLang, 'prefix') || g.id;
      const suffix = pickTranslation(c.translations, l, defaultLang, 'suffix') || c.id;
      paths[l] = `${seg(l).rubrics}/${encodeURIComponent(prefix)}/${encodeURIComponent(suffix)}`;
    }
    return paths;
  }
  if (redirect.type === 'conversation') {
    // a guest's conversation (a staff answer's push): the app's thread screen (docs/messages.md)
    for (const l of LANGS) paths[l] = conversationPath(l, redirect.id);
    return paths;
  }
  if (redirect.type === 'page') {
    if (!(await pageExists(db, redirect.id))) throw badRequest(NOTIFICATIONS.redirectGone, { redirect: NOTIFICATIONS.redirectGone });
  }
  for (const l of LANGS) {
    paths[l] =
      redirect.type === 'home' ? '/' : redirect.type === 'animations' ? seg(l).activities : redirect.type === 'membres' ? seg(l).account : redirect.type === 'reviews' ? seg(l).reviews : `${seg(l).pages}/${encodeURIComponent(redirect.id)}`;
  }
  return paths;
}

/**
 * The translation a device gets: its own language when the send has a title in it, else English when it
 * has one, else the default language's (002 §4: languages without a title are not sent in that language;
 * their devices get the fallback a mail has, `pushLang`, which the dashboard's question names).
 */
export function translationFor(translations: readonly NotificationTranslation[], lang: string | null, defaultLang: string): NotificationTranslation {
  const written = translations.filter((t) => t.title.trim() !== '').map((t) => t.lang);
  const chosen = pushLang(written, lang, defaultLang);
  return translations.find((t) => t.lang === chosen) ?? translations.find((t) => t.lang === defaultLang) ?? translations[0];
}

export function payloadOf(id: string, t: NotificationTranslation, url: string, redirect: Redirect): string {
  const payload: PushPayload = { id, lang: t.lang, title: t.title.trim(), body: t.content.trim(), url, redirect };
  return JSON.stringify(payload);
}

/**
 * The rule web-push does not check: every language's payload fits in PUSH_PAYLOAD_MAX bytes once made
 * (titles and texts are short, but a long address or emoji-rich text could still pass 4 096 encrypted).
 */
export function assertPayloadFits(translations: readonly NotificationTranslation[], paths: Record<string, string>, redirect: Redirect) {
  // a device may get one language's text with another language's address: measure with the longest
  const longest = Object.values(paths).reduce((a, b) => (b.length > a.length ? b : a), '/');
  translations.forEach((t, i) => {
    const bytes = Buffer.byteLength(payloadOf('x'.repeat(24), t, longest, redirect));
    if (bytes > PUSH_PAYLOAD_MAX) throw badRequest(NOTIFICATIONS.tooLong, { [`translations.${i}.content`]: NOTIFICATIONS.tooLong });
  });
}

// ------------------------------------------------------------------ quiet hours

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When `now` falls inside the quiet hours [start, end) of the establishment's wall clock, the epoch at
 * which they end; else null. A window may cross midnight (22:00–08:00); start = end means none.
 */
export function quietUntil(now: number, start: string, end: string, timeZone: string): number | null {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === e) return null;
  const p = epochToZoned(now, timeZone);
  const m = p.hour * 60 + p.minute;
  const inside = s < e ? m >= s && m < e : m >= s || m < e;
  if (!inside) return null;
  // the end is today when it is still ahead on the clock, else tomorrow
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day + (m < e ? 0 : 1)));
  return zonedTimeToEpoch(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), Math.floor(e / 60), e % 60, timeZone);
}
