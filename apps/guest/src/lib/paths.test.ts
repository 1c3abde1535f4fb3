import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '@campsite/shared/i18n/languages';
import { ROUTE_KEYS, type RouteKey } from '@campsite/shared/i18n/routes';
import { keyOfSegment, parseRoute, pathOf, switchPath } from './paths';

// Spec 000 §2.2, row by row: the addresses the guest app answers to.
const TABLE: Record<Lang, string> = {
  fr: '/membres | /notifications | /avis | /animations | /pages | /services | /rubriques',
  en: '/account | /notifications | /reviews | /activities | /pages | /services | /rubrics',
  de: '/konto | /mitteilungen | /rezensionen | /animationen | /seiten | /services | /rubriken',
  nl: '/account | /meldingen | /beoordelingen | /animatie | /paginas | /diensten | /rubrieken',
  it: '/mio-conto | /notifiche | /recensioni | /attivita | /pagine | /servizi | /rubriche',
  es: '/mi-cuenta | /notificaciones | /resena | /animaciones | /paginas | /servicios | /rubricas',
  pt: '/conta | /notificacoes | /comentarios | /atividades | /paginas | /servicos | /rubricas',
};
const seg = (lang: Lang, key: RouteKey) => TABLE[lang].split(' | ')[ROUTE_KEYS.indexOf(key)];
const cases = LANGS.flatMap((lang) => ROUTE_KEYS.map((key) => [lang, key] as const));

describe('the localized path table as the app uses it', () => {
  it.each(cases)('%s %s: every key is read back in its language', (lang, key) => {
    expect(keyOfSegment(seg(lang, key), lang)).toEqual({ key, lang });
  });

  it.each(cases)('%s %s: switching language moves to the same screen in each other language', (from, key) => {
    for (const to of LANGS) expect(switchPath(`${seg(from, key)}/abc`, from, to)).toBe(`${seg(to, key)}/abc`);
  });

  it.each(LANGS)('%s: the app builds its addresses from the table', (lang) => {
    expect(pathOf(lang, { screen: 'agenda' })).toBe(seg(lang, 'activities'));
    expect(pathOf(lang, { screen: 'activity', id: 'a1' })).toBe(`${seg(lang, 'activities')}/a1`);
    expect(pathOf(lang, { screen: 'page', id: 'p1' })).toBe(`${seg(lang, 'pages')}/p1`);
    expect(pathOf(lang, { screen: 'rubric', group: 'piscine' })).toBe(`${seg(lang, 'rubrics')}/piscine`);
    expect(pathOf(lang, { screen: 'category', group: 'infos', category: 'wi-fi' })).toBe(`${seg(lang, 'rubrics')}/infos/wi-fi`);
    expect(pathOf(lang, { screen: 'home' })).toBe('/');
  });

  it.each(LANGS)('%s: each address opens its screen', (lang) => {
    expect(parseRoute(seg(lang, 'activities'), lang)).toEqual({ screen: 'agenda' });
    expect(parseRoute(`${seg(lang, 'activities')}/a1`, lang)).toEqual({ screen: 'activity', id: 'a1' });
    expect(parseRoute(`${seg(lang, 'pages')}/p1`, lang)).toEqual({ screen: 'page', id: 'p1' });
    expect(parseRoute(`${seg(lang, 'rubrics')}/infos`, lang)).toEqual({ screen: 'rubric', group: 'infos' });
    expect(parseRoute(`${seg(lang, 'rubrics')}/infos/wi-fi?x=1`, lang)).toEqual({ screen: 'category', group: 'infos', category: 'wi-fi' });
    // the account page, whatever its query (the e-mailed links: ?code=, ?activation=, ?reset=)
    expect(parseRoute(seg(lang, 'account'), lang)).toEqual({ screen: 'account' });
    expect(parseRoute(`${seg(lang, 'account')}?activation=abc`, lang)).toEqual({ screen: 'account' });
    expect(parseRoute(`${seg(lang, 'account')}/more`, lang)).toEqual({ screen: 'home' });
    expect(pathOf(lang, { screen: 'account' })).toBe(seg(lang, 'account'));
    // the services (issue 22): the list, a service, and nothing deeper
    expect(parseRoute(seg(lang, 'services'), lang)).toEqual({ screen: 'services' });
    expect(parseRoute(`${seg(lang, 'services')}/s1`, lang)).toEqual({ screen: 'service', id: 's1' });
    expect(parseRoute(`${seg(lang, 'services')}/s1/x`, lang)).toEqual({ screen: 'home' });
    expect(pathOf(lang, { screen: 'service', id: 's1' })).toBe(`${seg(lang, 'services')}/s1`);
    // the review questionnaire (issue 24), its invitation's token in the query, and nothing deeper
    expect(parseRoute(`${seg(lang, 'reviews')}?t=abc`, lang)).toEqual({ screen: 'reviews' });
    expect(parseRoute(`${seg(lang, 'reviews')}/x`, lang)).toEqual({ screen: 'home' });
    expect(pathOf(lang, { screen: 'reviews' })).toBe(seg(lang, 'reviews'));
    // the notifications received (issue 32; it was a redirect to the home), nothing deeper
    expect(parseRoute(seg(lang, 'notifications'), lang)).toEqual({ screen: 'notifications' });
    expect(parseRoute(`${seg(lang, 'notifications')}/x`, lang)).toEqual({ screen: 'home' });
    expect(pathOf(lang, { screen: 'notifications' })).toBe(seg(lang, 'notifications'));
    expect(switchPath(seg(lang, 'notifications'), lang, 'de')).toBe('/mitteilungen');
  });

  it('reads an address in another language than the guest’s (a shared link)', () => {
    expect(parseRoute('/animationen', 'fr')).toEqual({ screen: 'agenda' });
    expect(keyOfSegment('/animationen', 'fr')).toEqual({ key: 'activities', lang: 'de' });
    expect(switchPath('/animationen', 'fr', 'en')).toBe('/activities');
    expect(switchPath('/membres?reset=t1', 'fr', 'de')).toBe('/konto?reset=t1');
  });

  it('shows the home for an unknown path', () => {
    expect(parseRoute('/nimporte/quoi', 'fr')).toEqual({ screen: 'home' });
    expect(parseRoute('/', 'de')).toEqual({ screen: 'home' });
    expect(parseRoute('/rubriques', 'fr')).toEqual({ screen: 'home' });
    expect(parseRoute('/rubriques/a/b/c', 'fr')).toEqual({ screen: 'home' });
    expect(switchPath('/inconnu/3', 'fr', 'en')).toBe('/');
  });

  it('decodes and encodes slugs with accents', () => {
    expect(pathOf('fr', { screen: 'rubric', group: 'été' })).toBe('/rubriques/%C3%A9t%C3%A9');
    expect(parseRoute('/rubriques/%C3%A9t%C3%A9', 'fr')).toEqual({ screen: 'rubric', group: 'été' });
  });
});

describe("the inventory's and the deposit's addresses in the guest's words (issue 32)", () => {
  it('keeps English words in English, German in German; the French words of older links still open them', () => {
    expect(pathOf('en', { screen: 'inventory' })).toBe('/account/inventory');
    expect(pathOf('en', { screen: 'deposit' })).toBe('/account/deposit');
    expect(pathOf('de', { screen: 'inventory' })).toBe('/konto/inventar');
    expect(pathOf('fr', { screen: 'deposit' })).toBe('/membres/caution');
    for (const lang of LANGS) {
      expect(parseRoute(pathOf(lang, { screen: 'inventory' }), lang)).toEqual({ screen: 'inventory' });
      expect(parseRoute(pathOf(lang, { screen: 'deposit' }), lang)).toEqual({ screen: 'deposit' });
    }
    expect(parseRoute('/account/inventaire', 'en')).toEqual({ screen: 'inventory' });
    expect(parseRoute('/konto/caution', 'de')).toEqual({ screen: 'deposit' });
    expect(switchPath('/account/inventory', 'en', 'de')).toBe('/konto/inventar');
  });
});

describe("'My bookings' under the account, in the guest's words (issue 32)", () => {
  it('has its address in each language, opens from any, and follows a change of language', () => {
    expect(pathOf('fr', { screen: 'bookings' })).toBe('/membres/reservations');
    expect(pathOf('en', { screen: 'bookings' })).toBe('/account/bookings');
    expect(pathOf('de', { screen: 'bookings' })).toBe('/konto/buchungen');
    for (const lang of LANGS) expect(parseRoute(pathOf(lang, { screen: 'bookings' }), lang)).toEqual({ screen: 'bookings' });
    expect(parseRoute('/konto/bookings', 'de')).toEqual({ screen: 'bookings' });
    expect(switchPath('/konto/buchungen', 'de', 'it')).toBe(pathOf('it', { screen: 'bookings' }));
  });
});
