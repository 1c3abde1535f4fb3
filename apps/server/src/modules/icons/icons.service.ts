import type { IconVariant, ParsedBody } from '@campsite/shared';
import { BOOKLET, icons as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { findFileMeta } from '../../platform/files/files.repository';
import * as repo from './icons.repository';

/** The image of a variant must be an uploaded image. */
async function assertImage(tx: Tx, fileId: string) {
  const file = await findFileMeta(tx, fileId);
  if (!file || file.kind !== 'image') throw badRequest(BOOKLET.iconImageRequired, { icon: BOOKLET.iconImageRequired });
}

/** The variants with this (theme → image) set, replacing the one of the same theme. */
const withVariant = (list: IconVariant[], theme: string, icon: string) => [...list.filter((v) => v.theme !== theme), { theme, icon }];

export async function insertIcon(deps: Deps, body: ParsedBody<typeof calls.insert>) {
  return deps.db.transaction(async (tx) => {
    await assertImage(tx, body.icon);
    const now = deps.now();
    const variant = [{ theme: body.theme, icon: body.icon }];
    const row = await repo.insertIcon(tx, {
      id: newId(),
      name: body.name,
      lineal: body.type === 'lineal' ? variant : [],
      fill: body.type === 'fill' ? variant : [],
      createdTime: now,
      editedTime: now,
    });
    return repo.toIcon(row);
  });
}

export async function updateIcon(deps: Deps, body: ParsedBody<typeof calls.update>) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockIcon(tx, body.id);
    if (!row) return false as const;
    const set: Parameters<typeof repo.updateIcon>[2] = { name: body.name, editedTime: deps.now() };
    if (body.icon) {
      await assertImage(tx, body.icon);
      set[body.type] = withVariant(row[body.type], body.theme, body.icon);
    }
    const updated = await repo.updateIcon(tx, row.id, set);
    return updated ? repo.toIcon(updated) : (false as const);
  });
}

export async function deleteColor(deps: Deps, body: ParsedBody<typeof calls.deleteColor>) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockIcon(tx, body.id);
    if (!row || !row[body.type].some((v) => v.theme === body.theme)) return false as const;
    const updated = await repo.updateIcon(tx, row.id, {
      [body.type]: row[body.type].filter((v) => v.theme !== body.theme),
      editedTime: deps.now(),
    });
    return updated ? repo.toIcon(updated) : (false as const);
  });
}
