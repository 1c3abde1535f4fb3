import type { MenuDoc, ParsedBody } from '@campsite/shared';
import { BLANK_THEME, APPEARANCE, MAX_MENU_ENTRIES, menu as calls } from '@campsite/shared';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { selectedThemeId } from '../themes/public';
import * as repo from './menu.repository';
import type { StoredEntry } from './menu.repository';

type Input = ParsedBody<typeof calls.insert>;

/** The menu as answered: each entry with its position and the image of its outline icon in the app's theme. */
export async function readMenu(db: Tx): Promise<MenuDoc> {
  const entries = await repo.readEntries(db);
  const [variants, theme] = await Promise.all([repo.linealVariants(db, [...new Set(entries.map((e) => e.icon))]), selectedThemeId(db)]);
  return {
    values: entries.map((e, nb) => {
      const lineal = variants.get(e.icon) ?? [];
      const image = (lineal.find((v) => v.theme === theme) ?? lineal.find((v) => v.theme === BLANK_THEME) ?? lineal[0])?.icon ?? null;
      return { nb, ...e, image };
    }),
  };
}

/** Checks the rubric and the outline icon, and keeps the title in the default language among the translations. */
async function toStored(tx: Tx, body: Input): Promise<StoredEntry> {
  if (body.rubric && !(await repo.rubricExists(tx, body.rubric))) throw badRequest(APPEARANCE.menuRubricRequired, { rubric: APPEARANCE.menuRubricRequired });
  const lineal = (await repo.linealVariants(tx, [body.icon])).get(body.icon);
  if (!lineal?.length) throw badRequest(APPEARANCE.menuIconRequired, { icon: APPEARANCE.menuIconRequired });
  const { lang_default } = await getGlobalSettings(tx);
  const others = body.translations.filter((t) => t.lang !== lang_default && t.title);
  return { title: body.title, type: body.type, rubric: body.rubric, icon: body.icon, translations: [{ lang: lang_default, title: body.title }, ...others] };
}

export async function insertEntry(db: Db, body: Input): Promise<MenuDoc> {
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx);
    if (entries.length >= MAX_MENU_ENTRIES) throw badRequest(APPEARANCE.menuFull);
    await repo.saveEntries(tx, [...entries, await toStored(tx, body)]);
    return readMenu(tx);
  });
}

export async function updateEntry(db: Db, { nb, ...body }: ParsedBody<typeof calls.update>): Promise<MenuDoc | false> {
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx);
    if (nb >= entries.length) return false;
    const next = [...entries];
    next[nb] = await toStored(tx, body);
    await repo.saveEntries(tx, next);
    return readMenu(tx);
  });
}

/** The entries in their new order, each named by its current position; every position once, else false. */
export async function orderEntries(db: Db, posted: { nb: number }[]): Promise<MenuDoc | false> {
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx);
    const nbs = posted.map((e) => e.nb);
    if (nbs.length !== entries.length || new Set(nbs).size !== nbs.length || nbs.some((n) => n >= entries.length)) return false;
    await repo.saveEntries(tx, nbs.map((n) => entries[n]));
    return readMenu(tx);
  });
}

export async function deleteEntry(db: Db, nb: number): Promise<MenuDoc | false> {
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx);
    if (nb >= entries.length) return false;
    await repo.saveEntries(tx, entries.filter((_, i) => i !== nb));
    return readMenu(tx);
  });
}
