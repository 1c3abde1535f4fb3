import { describe, expect, it } from 'vitest';
import { chooseLang, textIn } from './lang';
import { ALL_WORDS } from './dict';
import { ALL_ACCOUNT_WORDS } from './account-words';
import { ALL_FORM_WORDS } from './form-words';

describe('the guest’s language', () => {
  it('keeps the language picked on this device while the establishment offers it', () => {
    expect(chooseLang(['fr', 'en', 'de'], 'fr', 'en', ['de-DE'])).toBe('en');
    expect(chooseLang(['fr', 'de'], 'fr', 'en', ['de-DE'])).toBe('de');
    expect(chooseLang(['fr', 'de'], 'fr', 'xx', ['de-DE'])).toBe('de');
  });

  it('else takes the first browser language offered, else the default', () => {
    expect(chooseLang(['fr', 'en', 'de'], 'fr', null, ['it-IT', 'de-CH', 'en'])).toBe('de');
    expect(chooseLang(['fr', 'en'], 'en', null, ['it-IT', 'es'])).toBe('en');
    expect(chooseLang(['fr', 'nl'], 'fr', null, [])).toBe('fr');
  });
});

describe('the fallback rule for content', () => {
  const translations = [
    { lang: 'fr', name: 'Piscine', prefix: 'piscine', html: '<p>Ouverte de 9 h à 20 h</p>' },
    { lang: 'en', name: 'Swimming pool', prefix: '', html: '<p><br></p>' },
    { lang: 'de', name: '   ', prefix: 'schwimmbad', html: '' },
  ];

  it('shows the guest’s language when it is filled in', () => {
    expect(textIn(translations, 'name', 'en', 'fr')).toBe('Swimming pool');
    expect(textIn(translations, 'prefix', 'de', 'fr')).toBe('schwimmbad');
  });

  it('falls back to the default language for a missing, blank or empty-markup text', () => {
    expect(textIn(translations, 'name', 'de', 'fr')).toBe('Piscine');
    expect(textIn(translations, 'html', 'en', 'fr')).toBe('<p>Ouverte de 9 h à 20 h</p>');
    expect(textIn(translations, 'name', 'nl', 'fr')).toBe('Piscine');
    expect(textIn(translations, 'prefix', 'en', 'fr')).toBe('piscine');
  });

  it('falls back to any language when the default one lacks it too: never an empty title', () => {
    expect(textIn([{ lang: 'nl', name: 'Zwembad' }], 'name', 'de', 'fr')).toBe('Zwembad');
    expect(textIn([], 'name', 'de', 'fr')).toBe('');
  });
});

describe('the app’s own words', () => {
  it('exist in the seven languages', () => {
    for (const [key, words] of [...Object.entries(ALL_WORDS), ...Object.entries(ALL_ACCOUNT_WORDS), ...Object.entries(ALL_FORM_WORDS)]) {
      expect(words, key).toHaveLength(7);
      for (const w of words) expect(w.trim(), key).not.toBe('');
    }
  });
});

describe('the agenda', () => {
  // the spec and the demo's bottom menu say 'Activités': the agenda's title and sentences say the same
  // word in each language, not 'Animations' under a menu entry 'Activités'
  it('is called by one word per language, the one of the menu', () => {
    const menu = { fr: 'Activités', en: 'Activities', de: 'Aktivitäten', nl: 'Activiteiten', it: 'Attività', es: 'Actividades', pt: 'Atividades' };
    const langs = Object.keys(menu) as (keyof typeof menu)[];
    langs.forEach((lang, i) => {
      expect(ALL_WORDS.activities[i], lang).toBe(menu[lang]);
      for (const key of ['noActivities', 'noActivitiesToday'] as const) {
        expect(ALL_WORDS[key][i].toLowerCase(), `${key} ${lang}`).toContain(menu[lang].toLowerCase().slice(0, 6));
      }
    });
    for (const words of Object.values(ALL_WORDS)) expect(words[0].toLowerCase()).not.toContain('animation');
  });
});
