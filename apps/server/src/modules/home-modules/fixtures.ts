import { newId } from '../../lib/ids';
import type { Tx } from '../../db/client';
import { bookletCategories, bookletGroups, bookletLists, bookletPages, icons } from '../../db/schema';

/**
 * A little booklet written straight into its tables, for the tests of what points at it (home modules,
 * bottom menu): an icon with an outline variant, one with only a filled one, a rubric, a page category with
 * its page, a list category with its list, and a sub-category page without a category.
 */
export async function bookletFixture(db: Tx, now = 1_750_000_000) {
  const id = () => newId();
  const lineal = id();
  const fillOnly = id();
  await db.insert(icons).values([
    { id: lineal, name: 'Maison', lineal: [{ theme: 'blank', icon: 'file-maison' }], fill: [], createdTime: now, editedTime: now },
    { id: fillOnly, name: 'Étoile', lineal: [], fill: [{ theme: 'blank', icon: 'file-etoile' }], createdTime: now, editedTime: now },
  ]);
  const group = id();
  await db.insert(bookletGroups).values({
    id: group,
    icon: lineal,
    translations: [{ lang: 'fr', name: 'Infos pratiques', prefix: 'infos-pratiques' }],
    createdTime: now,
    editedTime: now,
  });
  const pageCategory = id();
  const listCategory = id();
  const category = (cid: string, type: 'page' | 'list', name: string, order: number) => ({
    id: cid,
    groupId: group,
    type,
    icon: lineal,
    sortOrder: order,
    translations: [{ lang: 'fr', name, suffix: name.toLowerCase(), url: `infos-pratiques/${name.toLowerCase()}` }],
    createdTime: now,
    editedTime: now,
  });
  await db.insert(bookletCategories).values([category(pageCategory, 'page', 'Piscine', 1), category(listCategory, 'list', 'Restaurants', 2)]);
  const page = id();
  const subPage = id();
  const pageRow = (pid: string, categoryId: string | null, name: string) => ({
    id: pid,
    categoryId,
    cover: null,
    sections: [],
    service: null,
    link: null,
    translations: [{ lang: 'fr', name, category_name: name, title: '' }],
    createdTime: now,
    editedTime: now,
  });
  await db.insert(bookletPages).values([pageRow(page, pageCategory, 'Piscine'), pageRow(subPage, null, 'La Pizzeria')]);
  const list = id();
  await db.insert(bookletLists).values({
    id: list,
    categoryId: listCategory,
    cover: null,
    elements: [{ icon: lineal, page: subPage, translations: [{ lang: 'fr', text: 'La Pizzeria' }] }],
    translations: [{ lang: 'fr', name: 'Restaurants' }],
    createdTime: now,
    editedTime: now,
  });
  return { lineal, fillOnly, group, pageCategory, listCategory, page, subPage, list };
}
