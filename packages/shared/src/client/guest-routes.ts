/**
 * The guest app's addresses read as screens, in any language: shared with the server, which writes the
 * opened screen's reads and first lines into the page (`http/first-screen.ts`).
 */
import { LANGS, type Lang } from '../i18n/languages';
import { routeKeyOf, type RouteKey } from '../i18n/routes';

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
export const INVENTORY_SLUG: Record<Lang, string> = { fr: 'inventaire', en: 'inventory', de: 'inventar', nl: 'inventaris', it: 'inventario', es: 'inventario', pt: 'inventario' };
export const DEPOSIT_SLUG: Record<Lang, string> = { fr: 'caution', en: 'deposit', de: 'kaution', nl: 'borg', it: 'cauzione', es: 'fianza', pt: 'caucao' };
/** 'My bookings' (issue 32), under the account too: '/membres/reservations', '/account/bookings', '/konto/buchungen'. */
export const BOOKINGS_SLUG: Record<Lang, string> = { fr: 'reservations', en: 'bookings', de: 'buchungen', nl: 'reserveringen', it: 'prenotazioni', es: 'reservas', pt: 'reservas' };

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


const matches = (slug: string, id: string, translations: readonly Record<string, unknown>[], field: string) =>
  slug === id || translations.some((t) => typeof t[field] === 'string' && (t[field] as string).toLowerCase() === slug.toLowerCase());

interface Sluggable {
  _id: string;
  translations: readonly Record<string, unknown>[];
}

/** The rubric an address names: by its prefix in any language, or by id. */
export const findGroup = <G extends Sluggable>(groups: readonly G[] | undefined, slug: string) => groups?.find((g) => matches(slug, g._id, g.translations, 'prefix'));
/** The category of a rubric an address names: by its suffix in any language, or by id. */
export const findCategory = <C extends Sluggable & { group: string }>(categories: readonly C[] | undefined, group: Sluggable, slug: string) =>
  categories?.find((c) => c.group === group._id && matches(slug, c._id, c.translations, 'suffix'));
