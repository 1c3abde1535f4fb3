import { z } from 'zod';
import { isBlankText } from '../domain/translations';
import { B } from '../messages/booklet';
import { titleMax, titleRequired } from '../messages/core';
import { call, orFalse } from './call';
import { id, lang, missing, ok } from './common';

/**
 * One translated text of the booklet (001 §5, §9): required in the default language, at most `max`
 * characters in every language. `word` is 'titre', or 'texte' for sub-categories.
 */
export interface TextRule {
  field: string;
  max?: number;
  word?: 'titre' | 'texte';
  /** the sentence when the default language lacks it; none: optional */
  required?: (lang: string) => string;
}
export const TITLE_40: TextRule = { field: 'name', max: 40, required: titleRequired };

type Entry = { lang: string } & Record<string, unknown>;
const text = (e: Entry | undefined, field: string) => (typeof e?.[field] === 'string' ? (e[field] as string) : '');

/**
 * Errors keyed `field.lang` ('name.fr'), so a form shows them beside the field of that language. The
 * server throws them as a 400; the dashboard checks the same before sending.
 */
export function textErrors(translations: readonly Entry[], defaultLang: string, rules: readonly TextRule[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const r of rules) {
    const def = translations.find((t) => t.lang === defaultLang);
    if (r.required && isBlankText(text(def, r.field))) errors[`${r.field}.${defaultLang}`] = r.required(defaultLang);
    for (const t of translations) {
      if (r.max && text(t, r.field).trim().length > r.max) errors[`${r.field}.${t.lang}`] = titleMax(r.max, t.lang, r.word);
    }
  }
  return errors;
}

/** A translations list for a body: one entry per language, lengths checked in every language. */
export function translationsOf<S extends z.ZodRawShape>(shape: S, rules: readonly TextRule[]) {
  return z
    .array(z.object({ lang, ...shape }))
    .max(7)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      (items as unknown as Entry[]).forEach((t, i) => {
        if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: [i, 'lang'], message: 'Langue en double' });
        seen.add(t.lang);
        for (const r of rules) {
          const v = t[r.field];
          if (r.max && typeof v === 'string' && v.trim().length > r.max) {
            ctx.addIssue({ code: 'custom', path: [i, r.field], message: titleMax(r.max, t.lang, r.word) });
          }
        }
      });
    });
}

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
  translations: translationsOf({ name, prefix: z.string().max(200).optional() }, [TITLE_40]),
  icon: z.string(missing(B.rubricIconRequired)).min(1, B.rubricIconRequired).max(64),
};
export const groupInsert = z.object(groupFields);
export const groupUpdate = z.object({ _id: id, ...groupFields });

export const groups = {
  list: call('GET', 'webapp/groups/list', { access: 'public', answer: z.array(groupDoc), summary: 'Rubrics, by default-language name' }),
  insert: call('POST', 'webapp/groups/insert', { access: 'dashboard', permission: 'rubrics', body: groupInsert, answer: orFalse(groupDoc) }),
  update: call('POST', 'webapp/groups/update', { access: 'dashboard', permission: 'rubrics', body: groupUpdate, answer: orFalse(groupDoc) }),
  delete: call('POST', 'webapp/groups/delete', {
    access: 'dashboard',
    permission: 'rubrics',
    body: z.object({ id }),
    answer: z.union([ok, z.literal(false)]),
    summary: 'Deletes the rubric with its categories and their pages and lists',
  }),
};
