import type { Lang } from '@campsite/shared/i18n/languages';
import { ROUTE_KEYS, ROUTE_SEGMENTS, localizePath, type RouteKey } from '@campsite/shared/i18n/routes';
import { BOOKINGS_SLUG, DEPOSIT_SLUG, INVENTORY_SLUG, keyOfSegment, parseRoute, type Route } from '@campsite/shared/client/guest-routes';

export { keyOfSegment, parseRoute, type Route };

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
