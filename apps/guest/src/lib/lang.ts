import { isLang, pickLanguage, type Lang } from '@campsite/shared/i18n/languages';
import { pickTranslation, type TranslationEntry } from '@campsite/shared/domain/translations';

export const LANG_KEY = 'lang';

/**
 * The guest's language: the one they picked on this device if the establishment still offers it, else
 * the first of the browser's languages that it offers, else its default.
 */
export function chooseLang(enabled: readonly Lang[], defaultLang: Lang, stored: string | null, browser: readonly string[]): Lang {
  if (isLang(stored) && enabled.includes(stored)) return stored;
  return pickLanguage(browser, enabled, defaultLang);
}

export function storedLang(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

export function storeLang(lang: Lang) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  // the server writes the next page in it too (its language, the home's first lines)
  document.cookie = `${LANG_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * A translated field in the guest's language, else the default language's, else any language's: the
 * guest never sees an empty title because one language was left out.
 */
export function textIn(translations: readonly TranslationEntry[] | null | undefined, field: string, lang: Lang, defaultLang: Lang): string {
  return pickTranslation(translations, lang, defaultLang, field);
}
