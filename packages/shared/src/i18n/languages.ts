/** The guest app's languages (000 §3), in the order the dashboard lists them. */
export const LANGS = ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt'] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Language names as the French dashboard shows them. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  fr: 'Français',
  en: 'Anglais',
  de: 'Allemand',
  nl: 'Néerlandais',
  it: 'Italien',
  es: 'Espagnol',
  pt: 'Portugais',
};

/** Each language in itself, for the guest's language picker. */
export const NATIVE_LANGUAGE_NAMES: Record<Lang, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  nl: 'Nederlands',
  it: 'Italiano',
  es: 'Español',
  pt: 'Português',
};

export const LANGUAGE_FLAGS: Record<Lang, string> = {
  fr: '🇫🇷',
  en: '🇬🇧',
  de: '🇩🇪',
  nl: '🇳🇱',
  it: '🇮🇹',
  es: '🇪🇸',
  pt: '🇵🇹',
};

/**
 * The guest's language: the first browser language (navigator.languages order) whose primary subtag
 * ('de-CH' → 'de') is enabled, else the establishment's default.
 */
export function pickLanguage(browserLanguages: readonly string[], enabled: readonly Lang[], defaultLang: Lang): Lang {
  for (const tag of browserLanguages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLang(primary) && enabled.includes(primary)) return primary;
  }
  return defaultLang;
}
