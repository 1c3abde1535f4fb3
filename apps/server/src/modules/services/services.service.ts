import type { DashboardUser, ParsedBody } from '@campsite/shared';
import { CORE, SERVICE_LOCATION, SERVICE_NAME_TITLE, SERVICES, textErrors, services as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { checkRevision } from '../../http/revision';
import { newId } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { fileKind } from '../../platform/files/files.repository';
import * as repo from './services.repository';

type Insert = ParsedBody<typeof calls.insert>;
type Update = ParsedBody<typeof calls.update>;

export const defaultLang = async (db: Tx) => (await getGlobalSettings(db)).lang_default;

/** A 400 with every field's sentence, the first as the message; nothing when all is well. */
export function refuse(issues: Record<string, string>) {
  const first = Object.values(issues)[0];
  if (first) throw badRequest(first, issues);
}

/** Rich text as staff typed it, made safe to show as HTML (the planning, the guest app). */
export const safeHtml = (html: string | null | undefined) => (html ? sanitizeRichText(html) : '');

export const listServices = async (deps: Deps) => (await repo.listServices(deps.db)).map(repo.toService);

async function check(tx: Tx, body: Insert) {
  const issues = textErrors(body.translations, await defaultLang(tx), [SERVICE_NAME_TITLE]);
  const cover = await fileKind(tx, body.cover);
  if (!cover) issues.cover = SERVICES.coverRequired;
  else if (cover.kind !== 'image') issues.cover = CORE.fileFormat;
  refuse(issues);
}

/**
 * The titles sent, each language keeping its stored pickup location unless one is sent (the slots form
 * owns it: services/update-duration).
 */
function mergedTexts(sent: Insert['translations'], stored: repo.ServiceRow['translations'] = []) {
  const langs = [...new Set([...sent.map((t) => t.lang), ...stored.map((t) => t.lang)])];
  return langs.map((lang) => {
    const s = sent.find((t) => t.lang === lang);
    const old = stored.find((t) => t.lang === lang);
    return { lang, title: s?.title ?? '', location: s?.location ?? old?.location ?? '' };
  });
}

const fields = (body: Insert, user: DashboardUser) => ({
  name: body.name,
  cover: body.cover,
  type: body.type,
  paymentLink: body.payment_link,
  comment: body.comment === null ? null : safeHtml(body.comment),
  listMode: body.list_mode,
  userId: user._id,
});

export async function insertService(deps: Deps, user: DashboardUser, body: Insert) {
  return deps.db.transaction(async (tx) => {
    await check(tx, body);
    const now = deps.now();
    const row = await repo.insertService(tx, {
      id: newId(),
      ...fields(body, user),
      translations: mergedTexts(body.translations),
      openDates: [],
      openHours: [],
      createdTime: now,
      editedTime: now,
    });
    return repo.toService(row);
  });
}

/**
 * One transaction (001 §4): a prestation changing type loses its benefits (with their bookings), then its
 * workers; a vente changing type loses its products. A failure leaves everything as it was.
 */
export async function updateService(deps: Deps, user: DashboardUser, body: Update) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findService(tx, body.id, true);
    if (!current) return false as const;
    checkRevision(body.revision, current.revision);
    await check(tx, body);
    if (current.type !== body.type) {
      if (current.type === 'prestation') {
        await repo.deleteBenefits(tx, { service: body.id });
        await repo.deleteWorkers(tx, { service: body.id });
      }
      if (current.type === 'vente') await repo.deleteProducts(tx, { service: body.id });
    }
    const row = await repo.updateService(tx, body.id, {
      ...fields(body, user),
      translations: mergedTexts(body.translations, current.translations),
      editedTime: deps.now(),
      revision: current.revision + 1,
    });
    return repo.toService(row);
  });
}

export async function deleteService(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => (await repo.deleteService(tx, id)) || (false as const));
}

/** 'Paramètres des créneaux': grid, cut-off, open times, and the pickup location per language (titles kept). */
export async function updateDuration(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.updateDuration>) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findService(tx, body.id, true);
    if (!current) return false as const;
    // the slots form has its own revision: the service's form and it, side by side on one page, keep both changes
    checkRevision(body.revision, current.slotsRevision);
    refuse(textErrors(body.translations, await defaultLang(tx), [SERVICE_LOCATION]));
    const langs = [...new Set([...current.translations.map((t) => t.lang), ...body.translations.map((t) => t.lang)])];
    const translations = langs.map((lang) => ({
      lang,
      title: current.translations.find((t) => t.lang === lang)?.title ?? '',
      location: body.translations.find((t) => t.lang === lang)?.location ?? '',
    }));
    const row = await repo.updateService(tx, body.id, {
      durationHour: body.duration_hour,
      durationMinute: body.duration_minute,
      intervalHour: body.interval_hour,
      intervalMinute: body.interval_minute,
      limitEnd: body.limit_end,
      // the per-guest ceilings (issue 29): left out by an older form, they stay as stored
      ...(body.guest_day_places === undefined ? {} : { guestDayPlaces: body.guest_day_places }),
      ...(body.days_before_arrival === undefined ? {} : { daysBeforeArrival: body.days_before_arrival }),
      openDates: body.open_dates,
      openHours: body.open_hours,
      translations,
      userId: user._id,
      editedTime: deps.now(),
      slotsRevision: current.slotsRevision + 1,
    });
    return repo.toService(row);
  });
}
