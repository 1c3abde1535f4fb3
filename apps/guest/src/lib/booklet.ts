import type { Lang } from '@campsite/shared/i18n/languages';
import type { Category } from '@campsite/shared/contract/categories';
import type { Group } from '@campsite/shared/contract/groups';
import type { Route } from './paths';
import { textIn } from './lang';
import { findCategory, findGroup } from '@campsite/shared/client/guest-routes';

/**
 * Booklet addresses follow the words staff set: the rubric's prefix and the category's suffix, in the
 * guest's language (else the default's). An address in another language, or by id, still resolves.
 */
export const groupSlug = (g: Group, lang: Lang, def: Lang) => textIn(g.translations, 'prefix', lang, def) || g._id;
export const categorySlug = (c: Category, lang: Lang, def: Lang) => textIn(c.translations, 'suffix', lang, def) || c._id;

export { findCategory, findGroup };

export function rubricRoute(g: Group, lang: Lang, def: Lang): Route {
  return { screen: 'rubric', group: groupSlug(g, lang, def) };
}

export function categoryRoute(c: Category, groups: readonly Group[] | undefined, lang: Lang, def: Lang): Route | null {
  const g = groups?.find((x) => x._id === c.group);
  return g ? { screen: 'category', group: groupSlug(g, lang, def), category: categorySlug(c, lang, def) } : null;
}

export const categoriesOf = (categories: readonly Category[] | undefined, group: Group) =>
  (categories ?? []).filter((c) => c.group === group._id).sort((a, b) => a.order - b.order);
