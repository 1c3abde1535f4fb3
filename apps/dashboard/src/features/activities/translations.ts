import type { Lang } from '@campsite/shared';
import { LANGS } from '@campsite/shared';

export type ByLang<F extends string> = Record<Lang, Record<F, string>>;

/** The form's per-language values from stored translations; languages without an entry are empty. */
export function byLang<F extends string>(translations: readonly ({ lang: string } & Record<F, string>)[] | undefined, fields: readonly F[]): ByLang<F> {
  return Object.fromEntries(
    LANGS.map((l) => {
      const entry = translations?.find((t) => t.lang === l);
      return [l, Object.fromEntries(fields.map((f) => [f, entry?.[f] ?? '']))];
    }),
  ) as ByLang<F>;
}

/**
 * The translations to send: every enabled language, plus a disabled one that still holds text (so that
 * switching a language off in the settings does not erase its translations on the next save).
 */
export function toEntries<F extends string>(values: ByLang<F>, langs: readonly Lang[], fields: readonly F[]): ({ lang: Lang } & Record<F, string>)[] {
  return LANGS.filter((l) => langs.includes(l) || fields.some((f) => values[l][f].trim() !== '')).map((l) => ({ lang: l, ...values[l] }));
}

/**
 * Messages by 'field.lang' from messages by path ('translations.2.name'); an index past the end is the
 * default language that had no entry.
 */
export function langErrors(fields: Record<string, string>, sent: readonly { lang: string }[], defaultLang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = path.match(/^translations\.(\d+)\.(\w+)$/);
    if (!m) {
      out[path] ??= message;
      continue;
    }
    const lang = sent[Number(m[1])]?.lang ?? defaultLang;
    out[`${m[2]}.${lang}`] ??= message;
  }
  return out;
}

/** Languages that carry an error, for the dots of the language switcher. */
export const langsWithErrors = (errors: Record<string, string>): Lang[] =>
  LANGS.filter((l) => Object.keys(errors).some((k) => k.endsWith(`.${l}`)));
