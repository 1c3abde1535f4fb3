/** Localized first path segments of the guest app, exactly as in spec 000 §2.2. */
import type { Lang } from './languages';

export const ROUTE_KEYS = ['account', 'notifications', 'reviews', 'activities', 'pages', 'services', 'rubrics'] as const;
export type RouteKey = (typeof ROUTE_KEYS)[number];

export const ROUTE_SEGMENTS: Record<Lang, Record<RouteKey, string>> = {
  fr: { account: '/membres', notifications: '/notifications', reviews: '/avis', activities: '/animations', pages: '/pages', services: '/services', rubrics: '/rubriques' },
  en: { account: '/account', notifications: '/notifications', reviews: '/reviews', activities: '/activities', pages: '/pages', services: '/services', rubrics: '/rubrics' },
  de: { account: '/konto', notifications: '/mitteilungen', reviews: '/rezensionen', activities: '/animationen', pages: '/seiten', services: '/services', rubrics: '/rubriken' },
  nl: { account: '/account', notifications: '/meldingen', reviews: '/beoordelingen', activities: '/animatie', pages: '/paginas', services: '/diensten', rubrics: '/rubrieken' },
  it: { account: '/mio-conto', notifications: '/notifiche', reviews: '/recensioni', activities: '/attivita', pages: '/pagine', services: '/servizi', rubrics: '/rubriche' },
  es: { account: '/mi-cuenta', notifications: '/notificaciones', reviews: '/resena', activities: '/animaciones', pages: '/paginas', services: '/servicios', rubrics: '/rubricas' },
  pt: { account: '/conta', notifications: '/notificacoes', reviews: '/comentarios', activities: '/atividades', pages: '/paginas', services: '/servicos', rubrics: '/rubricas' },
};

/** The segment of a route in a language, with its leading slash ('/membres'). */
export function segment(lang: Lang, key: RouteKey): string {
  return ROUTE_SEGMENTS[lang][key];
}

/** Which route a first segment is in a language; accepts it with or without '/', any case. */
export function routeKeyOf(lang: Lang, seg: string): RouteKey | null {
  const wanted = '/' + seg.replace(/^\/+/, '').replace(/\/+$/, '').toLowerCase();
  return ROUTE_KEYS.find((k) => ROUTE_SEGMENTS[lang][k] === wanted) ?? null;
}

/**
 * The same page in another language: the first segment is translated, the rest (ids, slugs, query, hash)
 * kept. An unknown first segment (or the home page) gives '/', since there is nothing to translate it to.
 */
export function localizePath(path: string, fromLang: Lang, toLang: Lang): string {
  const match = /^\/*([^/?#]*)(.*)$/s.exec(path);
  const key = match && match[1] ? routeKeyOf(fromLang, match[1]) : null;
  return key ? ROUTE_SEGMENTS[toLang][key] + match![2] : '/';
}
