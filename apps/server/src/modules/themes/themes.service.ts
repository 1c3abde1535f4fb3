import type { ParsedBody, Theme } from '@campsite/shared';
import { APPEARANCE, themes as calls } from '@campsite/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { lockEntry } from '../../platform/settings/settings.repository';
import * as repo from './themes.repository';

type Input = ParsedBody<typeof calls.insert>;

const nameTaken = () => badRequest(APPEARANCE.themeNameTaken, { name: APPEARANCE.themeNameTaken });

export async function createTheme(db: Db, body: Input, now: number): Promise<Theme> {
  return db.transaction(async (tx) => {
    if (await repo.themeNamed(tx, body.name)) throw nameTaken();
    const id = newId();
    await repo.insertTheme(tx, { id, ...body, createdTime: now, editedTime: now });
    return { _id: id, ...body };
  });
}

export async function updateTheme(db: Db, { id, ...body }: ParsedBody<typeof calls.update>, now: number): Promise<Theme | false> {
  return db.transaction(async (tx) => {
    const other = await repo.themeNamed(tx, body.name);
    if (other && other !== id) throw nameTaken();
    return (await repo.updateTheme(tx, id, { ...body, editedTime: now })) ?? false;
  });
}

/** The app's current theme cannot go: the guest app would be left without colours. */
export async function deleteTheme(db: Db, id: string): Promise<true | false> {
  return db.transaction(async (tx) => {
    // the selected theme is read and changed under one lock: a theme selected meanwhile is not deleted
    await lockEntry(tx, 'theme');
    if (!(await repo.findTheme(tx, id))) return false;
    if ((await repo.selectedThemeId(tx)) === id) throw badRequest(APPEARANCE.themeInUse, { id: APPEARANCE.themeInUse });
    await repo.deleteTheme(tx, id);
    return true;
  });
}

export async function currentTheme(db: Db): Promise<Theme | false> {
  const id = await repo.selectedThemeId(db);
  return (id && (await repo.findTheme(db, id))) || false;
}

export async function selectTheme(db: Db, id: string): Promise<Theme | false> {
  return db.transaction(async (tx) => {
    await lockEntry(tx, 'theme');
    const theme = await repo.findTheme(tx, id);
    if (!theme) return false;
    await repo.setSelectedTheme(tx, id);
    return theme;
  });
}
