import { z } from 'zod';
import { BOOKLET } from '../messages/booklet';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, missing } from './common';
import { TITLE_40, translationsSchema } from './translations';

const name = z.string().max(200).transform((s) => s.trim());

export const groupTranslation = z.object({ lang: z.string(), name: z.string(), prefix: z.string() });
export const groupDoc = z.object({
  _id: z.string(),
  icon: z.string(),
  translations: z.array(groupTranslation),
  /** file id of the icon's preview in the blank theme */
  prev: z.string().nullable(),
});
export type Group = z.infer<typeof groupDoc>;

const groupFields = {
  /** prefix is derived from the name (slug of 000 §5); a prefix sent is ignored */
  translations: translationsSchema({ name, prefix: z.string().max(200).optional() }, [TITLE_40]),
  icon: z.string(missing(BOOKLET.rubricIconRequired)).min(1, BOOKLET.rubricIconRequired).max(64),
};
export const groupInsert = z.object(groupFields);
export const groupUpdate = z.object({ _id: id, ...groupFields });

export const groups = {
  list: call('GET', 'webapp/groups/list', { access: 'public', answer: z.array(groupDoc), summary: 'Rubrics, by default-language name' }),
  insert: call('POST', 'webapp/groups/insert', { ...staff('rubrics'), body: groupInsert, answer: orFalse(groupDoc), summary: 'Creates a group of categories' }),
  update: call('POST', 'webapp/groups/update', { ...staff('rubrics'), body: groupUpdate, answer: orFalse(groupDoc), summary: 'Updates a group of categories (false: unknown id)' }),
  delete: call('POST', 'webapp/groups/delete', {
    ...staff('rubrics'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes the rubric with its categories and their pages and lists',
  }),
};
