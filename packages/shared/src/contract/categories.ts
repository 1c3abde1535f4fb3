import { z } from 'zod';
import { BOOKLET } from '../messages/booklet';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, missing } from './common';
import { TITLE_40, translationsSchema } from './translations';

export const CATEGORY_TYPES = ['page', 'list'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const categoryTranslation = z.object({
  lang: z.string(),
  name: z.string(),
  suffix: z.string(),
  /** the rubric's prefix and the category's suffix in the default language: 'infos-pratiques/piscine' */
  url: z.string(),
});
export const categoryDoc = z.object({
  _id: z.string(),
  group: z.string(),
  type: z.enum(CATEGORY_TYPES),
  icon: z.string(),
  order: z.number(),
  translations: z.array(categoryTranslation),
  prev: z.string().nullable(),
});
export type Category = z.infer<typeof categoryDoc>;

const categoryFields = {
  group: z.string(missing(BOOKLET.groupRequired)).min(1, BOOKLET.groupRequired).max(64),
  type: z.enum(CATEGORY_TYPES, { error: BOOKLET.categoryTypeRequired }),
  icon: z.string(missing(BOOKLET.iconRequired)).min(1, BOOKLET.iconRequired).max(64),
  /** suffix and url are derived from the names; sent ones are ignored */
  translations: translationsSchema(
    { name: z.string().max(200).transform((s) => s.trim()), suffix: z.string().max(200).optional(), url: z.string().max(400).optional() },
    [TITLE_40],
  ),
};
export const categoryInsert = z.object(categoryFields);
export const categoryUpdate = z.object({ _id: id, ...categoryFields });

/** 1: another page of the same name exists (001 §7). */
const categoryAnswer = z.union([categoryDoc, z.literal(1), z.literal(false)]);

export const categories = {
  list: call('GET', 'webapp/categories/list', { access: 'public', answer: z.array(categoryDoc), summary: 'All categories by order' }),
  findByGroup: call('GET', 'webapp/categories/find-by-group', {
    access: 'public',
    query: z.object({ group: id }),
    answer: z.array(categoryDoc),
    summary: 'Lists the categories of a group',
  }),
  insert: call('POST', 'webapp/categories/insert', {
    ...staff('rubrics'),
    body: categoryInsert,
    answer: categoryAnswer,
    summary: 'Creates the category with its empty page or list; 1 when another page of the same name exists',
  }),
  update: call('POST', 'webapp/categories/update', {
    ...staff('rubrics'),
    body: categoryUpdate,
    answer: categoryAnswer,
    summary: 'A type change swaps the page and the list (content lost); 1 when another page of the same name exists',
  }),
  duplicate: call('POST', 'webapp/categories/duplicate', {
    ...staff('rubrics'),
    body: z.object({ id }),
    answer: orFalse(categoryDoc),
    summary: 'Copies the category with its page or list (sub-category pages included)',
  }),
  order: call('POST', 'webapp/categories/order', {
    ...staff('rubrics'),
    body: z.object({ categories: z.array(z.looseObject({ _id: id })).min(1).max(500) }),
    answer: orFalse(z.array(categoryDoc)),
    summary: "The rubric's categories in their new order (the whole list); answers them renumbered",
  }),
  delete: call('POST', 'webapp/categories/delete', {
    ...staff('rubrics'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes the category with its page or list',
  }),
};
