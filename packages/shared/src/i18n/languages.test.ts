import { describe, expect, it } from 'vitest';
import { LANGS, LANGUAGE_FLAGS, LANGUAGE_NAMES, NATIVE_LANGUAGE_NAMES, isLang, pickLanguage } from './languages';

describe('languages', () => {
  it('has names and a flag for every language', () => {
    expect(LANGS).toEqual(['fr', 'en', 'de', 'nl', 'it', 'es', 'pt']);
    expect(LANGS.map((l) => LANGUAGE_NAMES[l])).toEqual(['Français', 'Anglais', 'Allemand', 'Néerlandais', 'Italien', 'Espagnol', 'Portugais']);
    expect(LANGS.map((l) => NATIVE_LANGUAGE_NAMES[l])).toEqual(['Français', 'English', 'Deutsch', 'Nederlands', 'Italiano', 'Español', 'Português']);
    expect(LANGS.map((l) => LANGUAGE_FLAGS[l])).toEqual(['🇫🇷', '🇬🇧', '🇩🇪', '🇳🇱', '🇮🇹', '🇪🇸', '🇵🇹']);
  });

  it('isLang', () => {
    expect(isLang('nl')).toBe(true);
    expect(isLang('NL')).toBe(false);
    expect(isLang('ru')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});

describe('pickLanguage', () => {
  it('takes the first enabled browser language by primary subtag', () => {
    expect(pickLanguage(['de-CH', 'en-US'], ['fr', 'en', 'de'], 'fr')).toBe('de');
    expect(pickLanguage(['ru-RU', 'EN_gb', 'de'], ['fr', 'en', 'de'], 'fr')).toBe('en');
    expect(pickLanguage(['pt-BR'], ['fr', 'pt'], 'fr')).toBe('pt');
  });

  it('skips disabled languages and falls back to the default', () => {
    expect(pickLanguage(['it-IT', 'es'], ['fr', 'en'], 'fr')).toBe('fr');
    expect(pickLanguage(['it-IT', 'es'], ['fr', 'es'], 'fr')).toBe('es');
    expect(pickLanguage([], ['fr', 'en'], 'en')).toBe('en');
  });
});
