import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Deposits through Swikly (002 §2, issue 25): the list and the settings. */
export const depositsRoutes: AppRoute[] = [
  { path: '/deposit/users-deposit', flag: 'deposits', screen: screen(() => import('./DepositsScreen')) },
  { path: '/deposit/swikly', flag: 'deposits', screen: screen(() => import('./SettingsScreen')) },
];
