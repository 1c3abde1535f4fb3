import { BOOT_READS, categoryReads, screenReads } from '@campsite/shared/client/first-screen';
import { callUrl } from '@campsite/shared/client/api';
import type { Category } from '@campsite/shared/contract/categories';
import type { Group } from '@campsite/shared/contract/groups';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { keyOfSegment, parseRoute, type Route } from '../lib/paths';
import { findCategory, findGroup } from '../lib/booklet';
import { peek, prefetch } from '../lib/fetch-cache';
import { nowSeconds } from '../lib/agenda';

/** The screens other than the home, each its own chunk. */
export const screenChunks = {
  rubric: () => import('../screens/Rubric'),
  category: () => import('../screens/Category'),
  page: () => import('../screens/PageScreen'),
  agenda: () => import('../screens/Agenda'),
  activity: () => import('../screens/Activity'),
  account: () => import('../screens/Account'),
  inventory: () => import('../screens/inventory/InventoryScreen'),
  deposit: () => import('../screens/deposit/DepositScreen'),
  messages: () => import('../screens/chat/ChatScreen'),
  reviews: () => import('../screens/reviews/ReviewScreen'),
  services: () => import('../screens/services/ServicesList'),
  service: () => import('../screens/services/ServiceScreen'),
  bookings: () => import('../screens/services/BookingsScreen'),
  notifications: () => import('../screens/notifications/NotificationsScreen'),
};

type Screen = keyof typeof screenChunks;
type ScreenModule<K extends Screen> = Awaited<ReturnType<(typeof screenChunks)[K]>>;
const kept: { [K in Screen]?: ScreenModule<K> } = {};

/** A screen's chunk, kept once it has come. */
const load = <K extends Screen>(key: K): Promise<ScreenModule<K>> =>
  (screenChunks[key]() as Promise<ScreenModule<K>>).then((m) => ((kept[key] = m as never), m));

/**
 * A screen's code as React.lazy takes it. Once its chunk is here (warmUp waits for the opened screen's),
 * it is handed over in the same turn: lazy() then renders the screen at once instead of suspending one
 * more turn, which drew a loader between the server's first lines and the screen (a flash on every
 * drawn screen, seen in the browser).
 */
export function screenLoader<K extends Screen>(key: K): () => Promise<ScreenModule<K>> {
  return () => {
    const m = kept[key] as ScreenModule<K> | undefined;
    return m ? atOnce(m) : load(key);
  };
}

/** A promise whose then() calls back in the same turn: lazy() then reads the module before it would suspend. */
function atOnce<M>(m: M): Promise<M> {
  const p = Promise.resolve(m);
  p.then = ((done?: (v: M) => unknown) => Promise.resolve(done ? done(m) : m)) as typeof p.then;
  return p;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * At launch: asks at once for everything the opened screen will need (its chunk, and its reads that the
 * page did not bring), so that they travel side by side instead of one after the other. The address
 * tells the screen in any language. Resolves once the screen's chunk is here (or failed to come: the
 * screen's own loader then says so), so that the first render draws the screen, not a loader over the
 * lines the server drew.
 */
export function warmUp(path: string): Promise<unknown> {
  const first = decode(path.split('/')[1] ?? '');
  const route: Route = parseRoute(path, keyOfSegment(first, 'fr')?.lang ?? 'fr');
  const chunk = route.screen === 'home' ? Promise.resolve() : load(route.screen).catch(() => {});
  // the same reads as the server writes into the page: those it did are in the cache already
  for (const r of [...BOOT_READS, ...screenReads(route, nowSeconds())]) prefetch(r.call, r.query as never);
  switch (route.screen) {
    case 'category': {
      // the category's page or list, once the categories are known (from the page, or read now)
      const group = findGroup(peek(callUrl(guestCalls.groups.list))?.data as Group[] | undefined, route.group);
      const category = group && findCategory(peek(callUrl(guestCalls.categories.list))?.data as Category[] | undefined, group, route.category);
      if (category) for (const r of categoryReads(category)) prefetch(r.call, r.query as never);
      break;
    }
    case 'account':
    case 'notifications':
      prefetch(guestCalls.account.me);
      break;
    case 'bookings':
      prefetch(guestCalls.account.me);
      prefetch(guestCalls.guestServices.bookings, {});
      break;
  }
  return chunk;
}
