import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Statistics (002 §2, issue 25): the guest app's audience and its uses over a period, stats flag. */
export const statisticsRoutes: AppRoute[] = [{ path: '/stats', flag: 'stats', screen: screen(() => import('./StatsScreen')) }];
