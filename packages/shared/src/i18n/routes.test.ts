import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from './languages';
import { ROUTE_KEYS, ROUTE_SEGMENTS, type RouteKey, localizePath, routeKeyOf, segment } from './routes';

// The table of spec 000 §2.2, row by row.
const TABLE: Record<Lang, string> = {
  fr: '/membres | /notifications | /avis | /animations | /pages | /services | /rubriques',
  en: '/account | /notifications | /reviews | /activities | /pages | /services | /rubrics',
  de: '/konto | /mitteilungen | /rezensionen | /animationen | /seiten | /services | /rubriken',
  nl: '/account | /meldingen | /beoordelingen | /animatie | /paginas | /diensten | /rubrieken',
  it: '/mio-conto | /notifiche | /recensioni | /attivita | /pagine | /servizi | /rubriche',
  es: '/mi-cuenta | /notificaciones | /resena | /animaciones | /paginas | /servicios | /rubricas',
  pt: '/conta | /notificacoes | /comentarios | /atividades | /paginas | /servicos | /rubricas',
};

describe('ROUTE_SEGMENTS', () => {
  it('keys are in the order of the spec', () => {
    expect(ROUTE_KEYS).toEqual(['account', 'notifications', 'reviews', 'activities', 'pages', 'services', 'rubrics']);
  });

  const cases = LANGS.flatMap((lang) =>
    TABLE[lang].split(' | ').map((seg, i) => [lang, ROUTE_KEYS[i], seg] as [Lang, RouteKey, string]),
  );
  it.each(cases)('%s %s = %s', (lang, key, seg) => {
    expect(ROUTE_SEGMENTS[lang][key]).toBe(seg);
    expect(segment(lang, key)).toBe(seg);
    expect(routeKeyOf(lang, seg)).toBe(key);
    expect(routeKeyOf(lang, seg.slice(1))).toBe(key);
  });

  it('has no segment shared by two routes within a language', () => {
    for (const lang of LANGS) {
      const values = Object.values(ROUTE_SEGMENTS[lang]);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe('routeKeyOf', () => {
  it('returns null for unknown or other-language segments', () => {
    expect(routeKeyOf('fr', '/account')).toBeNull();
    expect(routeKeyOf('en', '/membres')).toBeNull();
    expect(routeKeyOf('fr', '')).toBeNull();
  });
  it('ignores case and a trailing slash', () => {
    expect(routeKeyOf('de', '/Seiten/')).toBe('pages');
  });
});

describe('localizePath', () => {
  it('translates the first segment and keeps the rest', () => {
    expect(localizePath('/animations/42', 'fr', 'nl')).toBe('/animatie/42');
    expect(localizePath('/rubriques/piscine/horaires?x=1#top', 'fr', 'es')).toBe('/rubricas/piscine/horaires?x=1#top');
    expect(localizePath('/resena', 'es', 'it')).toBe('/recensioni');
    expect(localizePath('/account', 'nl', 'fr')).toBe('/membres');
    expect(localizePath('/paginas/7', 'pt', 'de')).toBe('/seiten/7');
    expect(localizePath('/notifications?all=1', 'en', 'pt')).toBe('/notificacoes?all=1');
    expect(localizePath('mi-cuenta/edit', 'es', 'en')).toBe('/account/edit');
  });

  it('maps every key between every pair of languages', () => {
    for (const from of LANGS) {
      for (const to of LANGS) {
        for (const key of ROUTE_KEYS) {
          expect(localizePath(`${segment(from, key)}/x`, from, to)).toBe(`${segment(to, key)}/x`);
        }
      }
    }
  });

  it('sends unknown paths and the home page to /', () => {
    expect(localizePath('/', 'fr', 'en')).toBe('/');
    expect(localizePath('', 'fr', 'en')).toBe('/');
    expect(localizePath('/inconnu/3', 'fr', 'en')).toBe('/');
    expect(localizePath('/membres', 'en', 'fr')).toBe('/');
    expect(localizePath('?x=1', 'fr', 'en')).toBe('/');
  });
});
