import type { Group, ParsedBody } from '@campsite/shared';
import { BOOKLET, TITLE_40, groups as calls, pickTranslation, slugify } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { GroupTranslation } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { lockScope } from '../../db/locks';
import { newId } from '../../lib/ids';
import { deleteCategoryContent, refreshGroupUrls } from './categories.service';
import { categoriesOfGroup } from './categories.repository';
import * as repo from './groups.repository';
import { assertTexts, defaultLang } from './groups.texts';
import { assertIconExists } from '../icons/public';

/** Names trimmed, each with its prefix: the slug of the name (000 §5). */
const withPrefixes = (list: { lang: string; name: string }[]): GroupTranslation[] =>
  list.map((t) => ({ lang: t.lang, name: t.name.trim(), prefix: slugify(t.name) }));

/** Sorted alphabetically by default-language name (001 §9). */
export async function listGroups(deps: Deps): Promise<Group[]> {
  const lang = await defaultLang(deps.db);
  const list = await repo.readGroups(deps.db);
  const name = (g: Group) => pickTranslation(g.translations, lang, lang, 'name');
  return list.sort((a, b) => name(a).localeCompare(name(b), 'fr', { sensitivity: 'base' }) || a._id.localeCompare(b._id));
}

async function one(tx: Tx, id: string) {
  const row = await repo.findGroup(tx, id);
  return row ? (await repo.toGroups(tx, [row]))[0] : (false as const);
}

export async function insertGroup(deps: Deps, body: ParsedBody<typeof calls.insert>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    assertTexts(body.translations, await defaultLang(tx), [TITLE_40]);
    await assertIconExists(tx, body.icon, BOOKLET.rubricIconRequired);
    const now = deps.now();
    const row = await repo.insertGroup(tx, { id: newId(), icon: body.icon, translations: withPrefixes(body.translations), createdTime: now, editedTime: now });
    return one(tx, row.id);
  });
}

/** A new name gives a new prefix, so the urls of the rubric's categories follow. */
export async function updateGroup(deps: Deps, body: ParsedBody<typeof calls.update>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    assertTexts(body.translations, await defaultLang(tx), [TITLE_40]);
    await assertIconExists(tx, body.icon, BOOKLET.rubricIconRequired);
    const row = await repo.updateGroup(tx, body._id, { icon: body.icon, translations: withPrefixes(body.translations), editedTime: deps.now() });
    if (!row) return false as const;
    await refreshGroupUrls(tx, row.id);
    return one(tx, row.id);
  });
}

/** The rubric, its categories and their pages, lists and sub-category pages, together or not at all. */
export async function deleteGroup(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    if (!(await repo.findGroup(tx, id))) return false as const;
    for (const c of await categoriesOfGroup(tx, id)) await deleteCategoryContent(tx, c.id);
    await repo.deleteGroup(tx, id);
    return true as const;
  });
}
