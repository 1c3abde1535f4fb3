import { z } from 'zod';
import { isBlankText } from '../domain/translations';
import { titleMax, titleRequired } from '../messages/core';
import { lang } from './common';

// Rules and schemas for the per-language texts of bodies (booklet groups, categories, pages, lists, services).
// Reading translations for display is domain/translations.ts.

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
  /** the sentence past `max` in a language, when the area words it its own way; none: 001's 'titre' sentence */
  tooLong?: (lang: string) => string;
}
export const TITLE_40: TextRule = { field: 'name', max: 40, required: titleRequired };

type Entry = { lang: string } & Record<string, unknown>;
const text = (e: Entry | undefined, field: string) => (typeof e?.[field] === 'string' ? (e[field] as string) : '');

/** The sentence of a text past its rule's length in this language. */
const tooLong = (r: TextRule & { max: number }, lang: string) => (r.tooLong ? r.tooLong(lang) : titleMax(r.max, lang, r.word));
const isTooLong = (r: TextRule, value: unknown): r is TextRule & { max: number } => !!r.max && typeof value === 'string' && value.trim().length > r.max;

/**
 * Errors keyed `field.lang` ('name.fr'), so a form shows them beside the field of that language. The
 * server throws them as a 400; the dashboard checks the same before sending. `prefix` places them in a
 * part of the body ('questions.2.' for a question's translations).
 */
export function textErrors(translations: readonly Entry[], defaultLang: string, rules: readonly TextRule[], prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const r of rules) {
    const def = translations.find((t) => t.lang === defaultLang);
    if (r.required && isBlankText(text(def, r.field))) errors[`${prefix}${r.field}.${defaultLang}`] = r.required(defaultLang);
    for (const t of translations) {
      const v = text(t, r.field);
      if (isTooLong(r, v)) errors[`${prefix}${r.field}.${t.lang}`] = tooLong(r, t.lang);
    }
  }
  return errors;
}

/**
 * The zod schema of a body's translations list: one entry per language (no language twice, at most seven),
 * lengths checked in every language. The default-language check needs the site's settings, so it is
 * `textErrors`, run by the service (and by the dashboard before sending).
 */
export function translationsSchema<S extends z.ZodRawShape>(shape: S, rules: readonly TextRule[]) {
  return z
    .array(z.object({ lang, ...shape }))
    .max(7)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      (items as unknown as Entry[]).forEach((t, i) => {
        if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: [i, 'lang'], message: 'Langue en double' });
        seen.add(t.lang);
        for (const r of rules) {
          if (isTooLong(r, t[r.field])) ctx.addIssue({ code: 'custom', path: [i, r.field], message: tooLong(r, t.lang) });
        }
      });
    });
}
