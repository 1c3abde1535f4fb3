import { INVENTORIES } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import type { AppRoute } from '../../shell/screen';
import { premium, screen } from '../../shell/screen';

const upsell = (title: string, path: string) => premium({ title, crumbs: navCrumbs(path), message: INVENTORIES.upsell });
/** a type's setup under its list; without premium its name is not read */
const setupCrumbs = [...navCrumbs('/inventaires').map((c) => ({ ...c, to: '/inventaires' })), { label: 'Inventaire' }];

/** Inventories (002 §2, issue 23): the accommodation types and their setup, the stays' inventories; premium (else the upsell). */
export const inventoriesRoutes: AppRoute[] = [
  { path: '/inventaires', flag: 'inventories', ...upsell(INVENTORIES.accommodationsTitle, '/inventaires'), screen: screen(() => import('./AccommodationsScreen')) },
  { path: '/inventaires/edit/:id', flag: 'inventories', ...premium({ title: 'Inventaire', crumbs: setupCrumbs, message: INVENTORIES.upsell }), screen: screen(() => import('./SetupScreen')) },
  { path: '/inventaires/checkin', flag: 'inventories', ...upsell(INVENTORIES.clientInventoriesTitle, '/inventaires/checkin'), screen: screen(() => import('./ClientInventoriesScreen')) },
];
