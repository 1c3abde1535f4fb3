import { LANGS, type Lang } from '@campsite/shared/i18n/languages';
import { ROUTE_KEYS, ROUTE_SEGMENTS, localizePath, routeKeyOf, type RouteKey } from '@campsite/shared/i18n/routes';

/** The screens of this version; a path to anything else shows the home. */
export type Route =
  | { screen: 'home' }
  | { screen: 'account' }
  | { screen: 'inventory' }
  | { screen: 'messages'; conversation?: string }
  | { screen: 'deposit' }
  | { screen: 'bookings' }
  | { screen: 'notifications' }
  | { screen: 'reviews' }
  | { screen: 'rubric'; group: string }
  | { screen: 'category'; group: string; category: string }
  | { screen: 'page'; id: string }
  | { screen: 'agenda' }
  | { screen: 'activity'; id: string }
  | { screen: 'services' }
  | { screen: 'service'; id: string };

/**
 * Which route key a first segment is, and in which language: the current language first, then the
 * others, so that a link shared by a guest in another language still opens the right screen.
 */
export function keyOfSegment(seg: string, lang: Lang): { key: RouteKey; lang: Lang } | null {
  for (const l of [lang, ...LANGS.filter((x) => x !== lang)]) {
    const key = routeKeyOf(l, seg);
    if (key) return { key, lang: l };
  }
  return null;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The last word of the inventory's and the deposit's addresses, per language (issue 32: English addresses read '/account/inventaire'). */
const INVENTORY_SLUG: Record<Lang, string> = { fr: 'inventaire', en: 'inventory', de: 'inventar', nl: 'inventaris', it: 'inventario', es: 'inventario', pt: 'inventario' };
const DEPOSIT_SLUG: Record<Lang, string> = { fr: 'caution', en: 'deposit', de: 'kaution', nl: 'borg', it: 'cauzione', es: 'fianza', pt: 'caucao' };
/** 'My bookings' (issue 32), under the account too: '/membres/reservations', '/account/bookings', '/konto/buchungen'. */
const BOOKINGS_SLUG: Record<Lang, string> = { fr: 'reservations', en: 'bookings', de: 'buchungen', nl: 'reserveringen', it: 'prenotazioni', es: 'reservas', pt: 'reservas' };

export function parseRoute(path: string, lang: Lang): Route {
  const parts = path.split(/[?#]/)[0].split('/').filter(Boolean).map(decode);
  const found = parts[0] ? keyOfSegment(parts[0], lang) : null;
  const [, a, b] = parts;
  if (found?.key === 'rubrics' && a && parts.length <= 3) return b ? { screen: 'category', group: a, category: b } : { screen: 'rubric', group: a };
  if (found?.key === 'pages' && a && parts.length === 2) return { screen: 'page', id: a };
  if (found?.key === 'activities' && parts.length <= 2) return a ? { screen: 'activity', id: a } : { screen: 'agenda' };
  if (found?.key === 'account' && parts.length === 1) return { screen: 'account' };
  // the guest's stay inventory and deposit live under the account, in the language's words
  // ('/membres/inventaire', '/account/inventory', '/konto/kaution'); a word of any language opens them
  if (found?.key === 'account' && parts.length === 2 && Object.values(INVENTORY_SLUG).includes(a)) return { screen: 'inventory' };
  if (found?.key === 'account' && parts.length === 2 && Object.values(DEPOSIT_SLUG).includes(a)) return { screen: 'deposit' };
  if (found?.key === 'account' && parts.length === 2 && Object.values(BOOKINGS_SLUG).includes(a)) return { screen: 'bookings' };
  // and their messages to the campsite (issue 25: '/membres/messages'), one conversation under it (a push's tap)
  if (found?.key === 'account' && a === 'messages' && parts.length <= 3) return b ? { screen: 'messages', conversation: b } : { screen: 'messages' };
  // the review questionnaire (issue 24: '/avis?t=…' from the invitation, '/avis' for a signed-in guest)
  if (found?.key === 'reviews' && parts.length === 1) return { screen: 'reviews' };
  // the notifications received (issue 32: '/notifications', '/mitteilungen'… showed the home)
  if (found?.key === 'notifications' && parts.length === 1) return { screen: 'notifications' };
  if (found?.key === 'services' && parts.length <= 2) return a ? { screen: 'service', id: a } : { screen: 'services' };
  return { screen: 'home' };
}

const enc = encodeURIComponent;

/**
 * Where to go once signed in: the `?next=` a screen that needs the sign-in put on the account's address
 * (a push's tap on a conversation). Only a path of this app, never another site ('//host', '/\\host').
 */
export function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  // a path of this app only: not '//host' or '/\\host', nor one a browser would make so by dropping a tab or a line break
  return next && /^\/(?![/\\])[^\s\\]*$/.test(next) && ![...next].some((c) => c < ' ') ? next : null;
}

/** The address of a screen in a language (slugs as given: the caller picks them in that language). */
export function pathOf(lang: Lang, route: Route): string {
  const seg = (key: RouteKey) => ROUTE_SEGMENTS[lang][key];
  switch (route.screen) {
    case 'home':
      return '/';
    case 'account':
      return seg('account');
    case 'inventory':
      return `${seg('account')}/${INVENTORY_SLUG[lang]}`;
    case 'deposit':
      return `${seg('account')}/${DEPOSIT_SLUG[lang]}`;
    case 'bookings':
      return `${seg('account')}/${BOOKINGS_SLUG[lang]}`;
    case 'messages':
      return `${seg('account')}/messages${route.conversation ? `/${enc(route.conversation)}` : ''}`;
    case 'reviews':
      return seg('reviews');
    case 'notifications':
      return seg('notifications');
    case 'rubric':
      return `${seg('rubrics')}/${enc(route.group)}`;
    case 'category':
      return `${seg('rubrics')}/${enc(route.group)}/${enc(route.category)}`;
    case 'page':
      return `${seg('pages')}/${enc(route.id)}`;
    case 'agenda':
      return seg('activities');
    case 'activity':
      return `${seg('activities')}/${enc(route.id)}`;
    case 'services':
      return seg('services');
    case 'service':
      return `${seg('services')}/${enc(route.id)}`;
  }
}

/**
 * The same screen in another language: the first segment translated, the rest kept (the screen then
 * swaps the slugs for the new language's ones). An unknown path gives the home.
 */
export function switchPath(path: string, from: Lang, to: Lang): string {
  const first = path.split(/[?#]/)[0].split('/').filter(Boolean)[0];
  const found = first ? keyOfSegment(first, from) : null;
  // the inventory's, the deposit's and the bookings' last word is the language's too
  const route = parseRoute(path, from);
  if (route.screen === 'inventory' || route.screen === 'deposit' || route.screen === 'bookings') return pathOf(to, route);
  return found ? localizePath(path, found.lang, to) : '/';
}

export { ROUTE_KEYS };
