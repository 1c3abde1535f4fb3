import { DEPOSITS } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import type { AppRoute } from '../../shell/screen';
import { premium, screen } from '../../shell/screen';

/** Deposits through Swikly (002 §2, issue 25): the list and the settings, premium (else the upsell). */
export const depositsRoutes: AppRoute[] = [
  {
    path: '/deposit/users-deposit',
    flag: 'deposits',
    ...premium({ title: DEPOSITS.listTitle, crumbs: navCrumbs('/deposit/users-deposit'), message: DEPOSITS.upsell }),
    screen: screen(() => import('./DepositsScreen')),
  },
  {
    path: '/deposit/swikly',
    flag: 'deposits',
    ...premium({ title: DEPOSITS.settingsTitle, crumbs: [{ label: DEPOSITS.crumb, to: '/deposit/users-deposit' }, { label: DEPOSITS.settingsTitle }], message: DEPOSITS.upsell }),
    screen: screen(() => import('./SettingsScreen')),
  },
];
