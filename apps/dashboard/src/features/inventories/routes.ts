import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Inventories (002 §2, issue 23): the accommodation types and their setup, the stays' inventories. */
export const inventoriesRoutes: AppRoute[] = [
  { path: '/inventaires', flag: 'inventories', screen: screen(() => import('./AccommodationsScreen')) },
  { path: '/inventaires/edit/:id', flag: 'inventories', screen: screen(() => import('./SetupScreen')) },
  { path: '/inventaires/checkin', flag: 'inventories', screen: screen(() => import('./ClientInventoriesScreen')) },
];
