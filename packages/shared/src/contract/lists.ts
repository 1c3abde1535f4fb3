import { z } from 'zod';
import { BOOKLET } from '../messages/booklet';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, missing, queryFlag } from './common';
import { categoryDoc } from './categories';
import { translationsSchema, type TextRule } from './translations';

export const ELEMENT_TEXT: TextRule = { field: 'text', max: 40, word: 'texte', required: BOOKLET.textRequired };

export const listElementDoc = z.object({
  /** its index in the list's elements */
  key: z.number(),
  icon: z.string(),
  /** the sub-category's own page */
  page: z.string(),
  order: z.number(),
  translations: z.array(z.object({ lang: z.string(), text: z.string() })),
  prev: z.string().nullable(),
});
export type ListElement = z.infer<typeof listElementDoc>;

export const listDoc = z.object({
  _id: z.string(),
  category: z.string(),
  cover: z.string().nullable(),
  elements: z.array(listElementDoc),
  translations: z.array(z.object({ lang: z.string(), name: z.string() })),
});
export type List = z.infer<typeof listDoc>;

const elementTranslations = translationsSchema({ text: z.string().max(200).transform((s) => s.trim()) }, [ELEMENT_TEXT]);
export const listElementFields = {
  icon: z.string(missing(BOOKLET.iconRequired)).min(1, BOOKLET.iconRequired).max(64),
  translations: elementTranslations,
};
/** A sub-category as a form sends it. */
export const listElementInsert = z.object(listElementFields);
const key = z.number().int().min(0);
const listAnswer = orFalse(listDoc);
const rubrics = staff('rubrics');

export const lists = {
  findByCategory: call('GET', 'webapp/lists/find-by-category', { access: 'public', query: z.object({ category: id }), answer: listAnswer, summary: 'Reads the list of a category' }),
  list: call('GET', 'webapp/lists/list', { access: 'public', query: z.object({ nocover: queryFlag }), answer: z.array(listDoc), summary: 'Lists every list (without covers when nocover is set)' }),
  insert: call('POST', 'webapp/lists/insert', {
    ...rubrics,
    body: z.object({
      category: id,
      elements: z.array(z.object({ page: id, ...listElementFields })).max(200).default([]),
      translations: translationsSchema({ name: z.string().max(200).transform((s) => s.trim()) }, []),
    }),
    answer: listAnswer,
    summary: 'false when the category is unknown, not of type list, or already has its list',
  }),
  insertElement: call('POST', 'webapp/lists/insert-element', {
    ...rubrics,
    body: z.object({ id, page: id.nullable().optional(), ...listElementFields }),
    answer: listAnswer,
    summary: 'Without page, creates the sub-category page too (one transaction)',
  }),
  updateElement: call('POST', 'webapp/lists/update-element', {
    ...rubrics,
    body: z.object({ id, key, ...listElementFields }),
    answer: listAnswer,
    summary: 'Renames its page as well',
  }),
  updateCover: call('POST', 'webapp/lists/update-cover', { ...rubrics, body: z.object({ id, cover: id.nullable() }), answer: listAnswer, summary: "Sets or removes a list's cover image" }),
  orderElements: call('POST', 'webapp/lists/order-elements', {
    ...rubrics,
    body: z.object({ id, elements: z.array(z.looseObject({ key })).max(200) }),
    answer: listAnswer,
    summary: 'The elements (by their current key) in their new order, all of them',
  }),
  transformSubcategory: call('POST', 'webapp/lists/transform-subcategory', {
    ...rubrics,
    body: z.object({ id, page: id, elements: z.array(z.unknown()).optional() }),
    answer: orFalse(z.object({ list: listDoc, category: categoryDoc })),
    summary: "Removes the element and promotes its page to a category of the list's rubric (irreversible)",
  }),
  deleteElement: call('POST', 'webapp/lists/delete-element', {
    ...rubrics,
    body: z.object({ id, key }),
    answer: listAnswer,
    summary: 'Deletes its page as well',
  }),
  deleteByCategory: call('POST', 'webapp/lists/delete-by-category', {
    ...rubrics,
    body: z.object({ category: id }),
    answer: deleteAnswer,
    summary: 'Deletes the list with its sub-category pages',
  }),
};
