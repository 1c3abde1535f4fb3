/**
 * Per-language content ('translations: [lang, ...fields]' on most entities): which text to show, and which
 * enabled languages still lack it (the 'not translated' warnings of 000 §5 and 001 §4-§5).
 */

export type TranslationEntry = { lang: string } & Record<string, unknown>;

// Tags that are content on their own: an image alone is not an empty section.
const MEDIA_TAG = /<(?:img|iframe|video|audio|embed|object|svg)\b/i;

/**
 * Empty for display purposes: not a string, blank, or rich-text markup without text ('<p></p>',
 * '<p><br></p>', '<p>&nbsp;</p>'). Applied to every field: plain texts never consist of tags only.
 */
export function isBlankText(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  if (MEDIA_TAG.test(value)) return false;
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ')
    .trim();
  return text === '';
}

const entryFor = (translations: readonly TranslationEntry[], lang: string) =>
  translations.find((t) => t.lang?.toLowerCase() === lang.toLowerCase());

/**
 * `field` in `lang`, else in `defaultLang`, else in the first language that has it, else ''.
 * The value is returned as stored (not trimmed).
 */
export function pickTranslation(
  translations: readonly TranslationEntry[] | null | undefined,
  lang: string,
  defaultLang: string,
  field: string,
): string {
  const list = translations ?? [];
  for (const entry of [entryFor(list, lang), entryFor(list, defaultLang), ...list]) {
    const value = entry?.[field];
    if (!isBlankText(value)) return value as string;
  }
  return '';
}

/**
 * Enabled languages (in the given order, lower-case) whose entry is missing or lacks any of `fields`.
 * Requiring all fields matches activities, where a language counts only with both name and content.
 */
export function missingLanguages(
  translations: readonly TranslationEntry[] | null | undefined,
  enabledLangs: readonly string[],
  fields: readonly string[],
): string[] {
  const list = translations ?? [];
  return enabledLangs
    .filter((lang) => {
      const entry = entryFor(list, lang);
      return !entry || fields.some((f) => isBlankText(entry[f]));
    })
    .map((lang) => lang.toLowerCase());
}

/**
 * The language a push goes out in for a device of `lang`, among the languages the send has a title in
 * (issue 32): its own, else English, else the default language, as a mail chooses (`chooseLang`).
 */
export function pushLang(written: readonly string[], lang: string | null, defaultLang: string): string {
  if (lang && written.includes(lang)) return lang;
  if (written.includes('en')) return 'en';
  return defaultLang;
}
