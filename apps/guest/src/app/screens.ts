import { BOOT_READS, homeReads } from '@campsite/shared/client/first-screen';
import { keyOfSegment, parseRoute, type Route } from '../lib/paths';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { prefetch } from '../lib/fetch-cache';
import { agendaWindow, nowSeconds } from '../lib/agenda';

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
 * tells the screen in any language.
 */
export function warmUp(path: string) {
  const first = decode(path.split('/')[1] ?? '');
  const route: Route = parseRoute(path, keyOfSegment(first, 'fr')?.lang ?? 'fr');
  if (route.screen !== 'home') void screenChunks[route.screen]().catch(() => {});
  // the same reads as the server writes into the page: those it did are in the cache already
  const reads = route.screen === 'home' ? [...BOOT_READS, ...homeReads(nowSeconds())] : BOOT_READS;
  for (const r of reads) prefetch(r.call, r.query as never);
  switch (route.screen) {
    case 'rubric':
    case 'category':
      prefetch(guestCalls.categories.list);
      break;
    case 'page':
      prefetch(guestCalls.pages.find, { id: route.id });
      break;
    case 'activity':
      prefetch(guestCalls.animations.find, { id: route.id });
      prefetch(guestCalls.animationDates.list, agendaWindow(nowSeconds()));
      prefetch(guestCalls.animations.list, {});
      prefetch(guestCalls.animationCategories.list);
      break;
    case 'account':
      prefetch(guestCalls.account.me);
      break;
    case 'notifications':
      prefetch(guestCalls.account.me);
      break;
    case 'bookings':
      prefetch(guestCalls.account.me);
      prefetch(guestCalls.guestServices.bookings, {});
      break;
    case 'agenda':
      prefetch(guestCalls.animationDates.list, agendaWindow(nowSeconds()));
      prefetch(guestCalls.animations.list, {});
      prefetch(guestCalls.animationCategories.list);
      break;
  }
}
