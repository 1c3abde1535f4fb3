import type { Category, CategoryType, ParsedBody } from '@campsite/shared';
import { BOOKLET, TITLE_40, categories as calls, slugify } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { CategoryTranslation, PageTranslation } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { lockScope } from '../../db/locks';
import { newId } from '../../lib/ids';
import { findGroup } from './groups.repository';
import { assertTexts, defaultLang, entryIn } from './groups.texts';
import * as lists from './lists.repository';
import * as pages from './pages.repository';
import * as repo from './categories.repository';
import type { CategoryRow } from './categories.repository';
import { assertIconExists } from '../icons/public';

type Names = { lang: string; name: string }[];

/** Suffix per language (slug of the name); url = the rubric's prefix + '/' + the suffix, in the default language. */
export function categoryTexts(names: Names, groupPrefixes: { lang: string; prefix: string }[], lang: string): CategoryTranslation[] {
  const def = entryIn(names, lang);
  const url = `${entryIn(groupPrefixes, lang)?.prefix ?? ''}/${slugify(def?.name ?? '')}`;
  return names.map((t) => ({ lang: t.lang, name: t.name.trim(), suffix: slugify(t.name), url }));
}

/** The names of a category's page: its own name, and the category it belongs to. */
const pageTexts = (names: Names, titles: PageTranslation[] = []): PageTranslation[] =>
  names.map((t) => ({ lang: t.lang, name: t.name, category_name: t.name, title: titles.find((x) => x.lang === t.lang)?.title ?? '' }));

/**
 * 'Une autre page du même nom existe déjà' (001 §7): another category or another page has this name in
 * the default language, compared as their slugs (so 'Piscine' and 'piscine !' are the same page).
 */
export async function nameTaken(tx: Tx, lang: string, name: string, except: string | null): Promise<boolean> {
  const slug = slugify(name);
  const nameOf = (list: { lang: string; name: string }[]) => slugify(list.find((t) => t.lang === lang)?.name ?? '');
  const cats = await repo.allCategories(tx);
  if (cats.some((c) => c.id !== except && nameOf(c.translations) === slug)) return true;
  return (await pages.pageNames(tx)).some((p) => (p.categoryId === null || p.categoryId !== except) && nameOf(p.translations) === slug);
}

/** The empty page or list a new category of this type holds (001 §4). */
async function createContent(tx: Tx, cat: CategoryRow, now: number) {
  if (cat.type === 'page') {
    await pages.insertPage(tx, { id: newId(), categoryId: cat.id, cover: null, sections: [], service: null, link: null, translations: pageTexts(cat.translations), createdTime: now, editedTime: now });
  } else {
    await lists.insertList(tx, { id: newId(), categoryId: cat.id, cover: null, elements: [], translations: cat.translations.map((t) => ({ lang: t.lang, name: t.name })), createdTime: now, editedTime: now });
  }
}

/** What hangs below a category: its page, or its list with each sub-category's page. */
export async function deleteCategoryContent(tx: Tx, categoryId: string) {
  const page = await pages.findPageByCategory(tx, categoryId);
  if (page) await pages.deletePages(tx, [page.id]);
  const list = await lists.findListByCategory(tx, categoryId);
  if (list) {
    await pages.deletePages(tx, list.elements.map((e) => e.page));
    await lists.deleteList(tx, list.id);
  }
}

/** A renamed category renames its page or list, and the parent name of its sub-category pages. */
async function renameContent(tx: Tx, cat: CategoryRow, now: number) {
  const found = await pages.findPageByCategory(tx, cat.id);
  // the page's own calls take only its row: lock it before reading the titles to keep
  const page = found && (await pages.lockPage(tx, found.id));
  if (page) await pages.updatePage(tx, page.id, { translations: pageTexts(cat.translations, page.translations), editedTime: now });
  const list = await lists.findListByCategory(tx, cat.id);
  if (list) {
    await lists.updateList(tx, list.id, { translations: cat.translations.map((t) => ({ lang: t.lang, name: t.name })), editedTime: now });
    for (const sub of await pages.lockPages(tx, list.elements.map((e) => e.page))) {
      const translations = sub.translations.map((t) => ({ ...t, category_name: entryIn(cat.translations, t.lang)?.name ?? t.category_name }));
      await pages.updatePage(tx, sub.id, { translations });
    }
  }
}

/** After a rubric's prefix changed: the urls of its categories. */
export async function refreshGroupUrls(tx: Tx, groupId: string) {
  const group = await findGroup(tx, groupId);
  if (!group) return;
  const lang = await defaultLang(tx);
  for (const c of await repo.categoriesOfGroup(tx, groupId)) {
    await repo.updateCategory(tx, c.id, { translations: categoryTexts(c.translations, group.translations, lang) });
  }
}

async function one(tx: Tx, id: string): Promise<Category | false> {
  const row = await repo.findCategory(tx, id);
  return row ? (await repo.toCategories(tx, [row]))[0] : false;
}

export async function listCategories(deps: Deps) {
  return repo.readCategories(deps.db);
}

export async function categoriesOf(deps: Deps, groupId: string) {
  return repo.readCategories(deps.db, groupId);
}

/** The category, then its empty page or list: one transaction (ARCHITECTURE 'One user action'). */
export async function insertCategory(deps: Deps, body: ParsedBody<typeof calls.insert>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const lang = await defaultLang(tx);
    assertTexts(body.translations, lang, [TITLE_40]);
    await assertIconExists(tx, body.icon, BOOKLET.iconRequired);
    const group = await findGroup(tx, body.group);
    if (!group) return false as const;
    if (await nameTaken(tx, lang, entryIn(body.translations, lang)!.name, null)) return 1 as const;
    const now = deps.now();
    const row = await repo.insertCategory(tx, {
      id: newId(),
      groupId: group.id,
      type: body.type,
      icon: body.icon,
      sortOrder: await repo.nextOrder(tx, group.id),
      translations: categoryTexts(body.translations, group.translations, lang),
      createdTime: now,
      editedTime: now,
    });
    await createContent(tx, row, now);
    return one(tx, row.id);
  });
}

/**
 * Saves the category. A new type (confirmed in the dashboard) deletes the page or list with all its
 * content and creates the empty other one; a new rubric puts it last there. All or nothing.
 */
export async function updateCategory(deps: Deps, body: ParsedBody<typeof calls.update>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const lang = await defaultLang(tx);
    assertTexts(body.translations, lang, [TITLE_40]);
    await assertIconExists(tx, body.icon, BOOKLET.iconRequired);
    const current = await repo.findCategory(tx, body._id);
    const group = await findGroup(tx, body.group);
    if (!current || !group) return false as const;
    if (await nameTaken(tx, lang, entryIn(body.translations, lang)!.name, current.id)) return 1 as const;
    const now = deps.now();
    const moved = group.id !== current.groupId;
    const retyped = body.type !== current.type;
    if (retyped) await deleteCategoryContent(tx, current.id);
    const row = (await repo.updateCategory(tx, current.id, {
      groupId: group.id,
      type: body.type as CategoryType,
      icon: body.icon,
      translations: categoryTexts(body.translations, group.translations, lang),
      ...(moved ? { sortOrder: await repo.nextOrder(tx, group.id) } : {}),
      editedTime: now,
    }))!;
    if (retyped) await createContent(tx, row, now);
    else await renameContent(tx, row, now);
    if (moved) await repo.setOrders(tx, (await repo.categoriesOfGroup(tx, current.groupId)).map((c) => c.id));
    return one(tx, row.id);
  });
}

/** A free name for a copy: 'Piscine (copie)', then 'Piscine (copie 2)'… within 40 characters. */
async function copyNames(tx: Tx, lang: string, names: Names, selfId: string): Promise<Names> {
  for (let n = 1; n < 100; n++) {
    const mark = n === 1 ? ' (copie)' : ` (copie ${n})`;
    const next = names.map((t) => ({ lang: t.lang, name: `${t.name.slice(0, 40 - mark.length)}${mark}` }));
    if (!(await nameTaken(tx, lang, entryIn(next, lang)?.name ?? '', selfId))) return next;
  }
  return names.map((t) => ({ lang: t.lang, name: `${t.name.slice(0, 30)} ${newId().slice(0, 6)}` }));
}

/** The category right after the original, with a copy of its page, or of its list and every sub-category page. */
export async function duplicateCategory(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const source = await repo.findCategory(tx, id);
    if (!source) return false as const;
    const group = (await findGroup(tx, source.groupId))!;
    const lang = await defaultLang(tx);
    const now = deps.now();
    const names = await copyNames(tx, lang, source.translations, source.id);
    const row = await repo.insertCategory(tx, {
      id: newId(),
      groupId: source.groupId,
      type: source.type,
      icon: source.icon,
      sortOrder: source.sortOrder,
      translations: categoryTexts(names, group.translations, lang),
      createdTime: now,
      editedTime: now,
    });
    const siblings = (await repo.categoriesOfGroup(tx, source.groupId)).map((c) => c.id).filter((c) => c !== row.id);
    siblings.splice(siblings.indexOf(source.id) + 1, 0, row.id);
    await repo.setOrders(tx, siblings);

    const page = await pages.findPageByCategory(tx, source.id);
    if (page) {
      await pages.insertPage(tx, { ...page, id: newId(), categoryId: row.id, translations: pageTexts(names, page.translations), createdTime: now, editedTime: now });
    }
    const list = await lists.findListByCategory(tx, source.id);
    if (list) {
      const subPages = new Map((await pages.findPages(tx, list.elements.map((e) => e.page))).map((p) => [p.id, p]));
      const elements = [];
      for (const e of list.elements) {
        const sub = subPages.get(e.page);
        if (!sub) continue;
        const copy = await pages.insertPage(tx, {
          ...sub,
          id: newId(),
          translations: sub.translations.map((t) => ({ ...t, category_name: entryIn(names, t.lang)?.name ?? t.category_name })),
          createdTime: now,
          editedTime: now,
        });
        elements.push({ ...e, page: copy.id });
      }
      await lists.insertList(tx, { ...list, id: newId(), categoryId: row.id, elements, translations: names, createdTime: now, editedTime: now });
    }
    return one(tx, row.id);
  });
}

/** The whole list of a rubric's categories in their new order; false unless it is exactly that list. */
export async function orderCategories(deps: Deps, ids: string[]) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const first = await repo.findCategory(tx, ids[0]);
    if (!first) return false as const;
    const current = await repo.categoriesOfGroup(tx, first.groupId);
    const same = current.length === ids.length && new Set(ids).size === ids.length && ids.every((id) => current.some((c) => c.id === id));
    if (!same) return false as const;
    await repo.setOrders(tx, ids);
    return repo.toCategories(tx, await repo.categoriesOfGroup(tx, first.groupId));
  });
}

export async function deleteCategory(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const row = await repo.findCategory(tx, id);
    if (!row) return false as const;
    await deleteCategoryContent(tx, id);
    await repo.deleteCategory(tx, id);
    await repo.setOrders(tx, (await repo.categoriesOfGroup(tx, row.groupId)).map((c) => c.id));
    return true as const;
  });
}

/** A sub-category's page promoted to a category of type page, last in the rubric (lists/transform-subcategory). */
export async function promotePage(tx: Tx, groupId: string, pageId: string, icon: string, names: Names, now: number) {
  const group = (await findGroup(tx, groupId))!;
  const lang = await defaultLang(tx);
  const row = await repo.insertCategory(tx, {
    id: newId(),
    groupId,
    type: 'page',
    icon,
    sortOrder: await repo.nextOrder(tx, groupId),
    translations: categoryTexts(names, group.translations, lang),
    createdTime: now,
    editedTime: now,
  });
  const page = (await pages.lockPage(tx, pageId))!;
  await pages.updatePage(tx, pageId, { categoryId: row.id, translations: pageTexts(names, page.translations), editedTime: now });
  return row;
}
