import type { Lang, TextRule } from '@campsite/shared';
import { pickTranslation, textErrors } from '@campsite/shared';
import { validate } from '../../lib/form';
import type { z } from 'zod';

/** One text per language, as a form holds it. */
export type LangTexts = Partial<Record<Lang, string>>;

export const textsOf = (list: readonly ({ lang: string } & Record<string, unknown>)[] | undefined, field: string): LangTexts =>
  Object.fromEntries((list ?? []).map((t) => [t.lang, typeof t[field] === 'string' ? (t[field] as string) : ''])) as LangTexts;

/** The translations to send: every enabled language, the default one first. */
export function translationsOf<F extends string>(langs: Lang[], fields: Record<F, LangTexts>): ({ lang: Lang } & Record<F, string>)[] {
  return langs.map((lang) => ({ lang, ...Object.fromEntries(Object.entries<LangTexts>(fields).map(([f, v]) => [f, v[lang] ?? ''])) }) as { lang: Lang } & Record<F, string>);
}

export const nameIn = (list: readonly ({ lang: string } & Record<string, unknown>)[] | undefined, lang: string, field = 'name') =>
  pickTranslation(list as never, lang, lang, field);

/**
 * The form's errors with the contract's schema and the default-language rules, keyed as the form shows
 * them: 'name.fr' for a translated text, 'icon' for a field.
 */
export function checkForm<S extends z.ZodType>(schema: S, body: { translations: { lang: string }[] } & object, defaultLang: string, rules: TextRule[]) {
  const out: Record<string, string> = {};
  const checked = validate(schema, body);
  if (!checked.ok) {
    for (const [path, message] of Object.entries(checked.fields)) {
      const m = path.match(/^translations\.(\d+)\.(\w+)$/);
      out[m ? `${m[2]}.${body.translations[Number(m[1])]?.lang}` : path] ??= message;
    }
  }
  Object.assign(out, textErrors(body.translations as never, defaultLang, rules));
  return out;
}

/** Languages that have an error, for the dots of the language switcher. */
export const langsWithErrors = (errors: Record<string, string>) => Object.keys(errors).map((k) => k.split('.')[1]).filter(Boolean) as Lang[];

/** Swaps an item with its neighbour (001 §4); the first cannot go up, the last cannot go down. */
export function moved<T>(items: T[], index: number, delta: -1 | 1): T[] | null {
  const to = index + delta;
  if (to < 0 || to >= items.length) return null;
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
