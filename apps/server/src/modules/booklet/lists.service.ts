import type { ParsedBody } from '@campsite/shared';
import { BOOKLET, ELEMENT_TEXT, lists as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { StoredElement } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { lockScope } from '../../db/locks';
import { newId } from '../../lib/ids';
import { findCategory, toCategories } from './categories.repository';
import { promotePage } from './categories.service';
import { assertTexts, defaultLang, entryIn, permute } from './groups.texts';
import * as pages from './pages.repository';
import { assertCover } from './pages.service';
import * as repo from './lists.repository';
import { assertIconExists } from '../icons/public';

type Texts = { lang: string; text: string }[];

/**
 * Read, change, save one list in a transaction; false for an unknown list or a change that does not
 * apply. Under the booklet lock (an element creates, renames or deletes a page, and a page belongs to
 * one list at most), then the list's row lock.
 */
async function change(deps: Deps, id: string, edit: (tx: Tx, row: repo.ListRow, now: number) => Promise<Partial<repo.ListRow> | null>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const row = await repo.lockList(tx, id);
    if (!row) return false as const;
    const now = deps.now();
    const set = await edit(tx, row, now);
    if (!set) return false as const;
    return repo.toList(tx, await repo.updateList(tx, id, { ...set, editedTime: now }));
  });
}

/** A sub-category's page is named after it; its category_name is the list's. */
const subPageNames = (texts: Texts, list: repo.ListRow) =>
  texts.map((t) => ({ lang: t.lang, name: t.text, category_name: entryIn(list.translations, t.lang)?.name ?? '', title: '' }));

const element = (icon: string, page: string, texts: Texts): StoredElement => ({ icon, page, translations: texts.map((t) => ({ lang: t.lang, text: t.text })) });

export async function listLists(deps: Deps, opts: { nocover: boolean }) {
  return repo.readLists(deps.db, opts);
}

/** The list of a category of type list that has none yet; its elements' pages must exist. */
export async function insertList(deps: Deps, body: ParsedBody<typeof calls.insert>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const cat = await findCategory(tx, body.category);
    if (!cat || cat.type !== 'list' || (await repo.findListByCategory(tx, cat.id))) return false as const;
    const lang = await defaultLang(tx);
    for (const e of body.elements) assertTexts(e.translations, lang, [ELEMENT_TEXT]);
    for (const [i, e] of body.elements.entries()) await assertIconExists(tx, e.icon, BOOKLET.iconRequired, `elements.${i}.icon`);
    const found = await pages.findPages(tx, body.elements.map((e) => e.page));
    if (found.length !== new Set(body.elements.map((e) => e.page)).size) return false as const;
    const now = deps.now();
    const row = await repo.insertList(tx, {
      id: newId(),
      categoryId: cat.id,
      cover: null,
      elements: body.elements.map((e) => element(e.icon, e.page, e.translations)),
      translations: body.translations.length ? body.translations : cat.translations.map((t) => ({ lang: t.lang, name: t.name })),
      createdTime: now,
      editedTime: now,
    });
    return repo.toList(tx, row);
  });
}

/** A new sub-category: its page (created here unless given) and the element, in one transaction. */
export const insertElement = (deps: Deps, body: ParsedBody<typeof calls.insertElement>) =>
  change(deps, body.id, async (tx, row, now) => {
    assertTexts(body.translations, await defaultLang(tx), [ELEMENT_TEXT]);
    await assertIconExists(tx, body.icon, BOOKLET.iconRequired);
    let pageId = body.page;
    if (pageId) {
      const page = await pages.findPage(tx, pageId);
      if (!page || page.categoryId || (await repo.listsWithPage(tx, pageId)).length) return null;
    } else {
      pageId = (
        await pages.insertPage(tx, {
          id: newId(),
          categoryId: null,
          cover: null,
          sections: [],
          service: null,
          link: null,
          translations: subPageNames(body.translations, row),
          createdTime: now,
          editedTime: now,
        })
      ).id;
    }
    return { elements: [...row.elements, element(body.icon, pageId, body.translations)] };
  });

/** The element by its key, and its page renamed after it (001 §4). */
export const updateElement = (deps: Deps, body: ParsedBody<typeof calls.updateElement>) =>
  change(deps, body.id, async (tx, row, now) => {
    const current = row.elements[body.key];
    if (!current) return null;
    assertTexts(body.translations, await defaultLang(tx), [ELEMENT_TEXT]);
    await assertIconExists(tx, body.icon, BOOKLET.iconRequired);
    // the page's own calls (service titles) take only its row: lock it before reading what to keep
    const page = await pages.lockPage(tx, current.page);
    if (page) {
      const names = subPageNames(body.translations, row).map((t) => ({ ...t, title: page.translations.find((x) => x.lang === t.lang)?.title ?? '' }));
      await pages.updatePage(tx, page.id, { translations: names, editedTime: now });
    }
    const elements = [...row.elements];
    elements[body.key] = element(body.icon, current.page, body.translations);
    return { elements };
  });

export const updateCover = (deps: Deps, id: string, cover: string | null) =>
  change(deps, id, async (tx) => {
    await assertCover(tx, cover);
    return { cover };
  });

export const orderElements = (deps: Deps, id: string, keys: number[]) =>
  change(deps, id, async (_tx, row) => {
    const elements = permute(row.elements, keys);
    return elements ? { elements } : null;
  });

/** The element and its page, together. */
export const deleteElement = (deps: Deps, id: string, key: number) =>
  change(deps, id, async (tx, row) => {
    const current = row.elements[key];
    if (!current) return null;
    await pages.deletePages(tx, [current.page]);
    return { elements: row.elements.filter((_, i) => i !== key) };
  });

/**
 * The sub-category leaves the list and its page becomes a category of type page, last in the list's
 * rubric, with the element's icon and texts (irreversible, 001 §4).
 */
export async function transformSubcategory(deps: Deps, id: string, pageId: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const row = await repo.lockList(tx, id);
    const current = row?.elements.find((e) => e.page === pageId);
    if (!row || !current) return false as const;
    const owner = (await findCategory(tx, row.categoryId))!;
    const now = deps.now();
    const names = current.translations.map((t) => ({ lang: t.lang, name: t.text }));
    const created = await promotePage(tx, owner.groupId, pageId, current.icon, names, now);
    const updated = await repo.updateList(tx, row.id, { elements: row.elements.filter((e) => e.page !== pageId), editedTime: now });
    const [list] = await repo.toLists(tx, [updated!]);
    return { list, category: (await toCategories(tx, [created]))[0] };
  });
}

/** The list of a category with every sub-category page (the category keeps no content). */
export async function deleteByCategory(deps: Deps, categoryId: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const row = await repo.findListByCategory(tx, categoryId);
    if (!row) return false as const;
    await pages.deletePages(tx, row.elements.map((e) => e.page));
    await repo.deleteList(tx, row.id);
    return true as const;
  });
}
