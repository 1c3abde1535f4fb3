import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

export const homeRoutes: AppRoute[] = [{ path: '/', screen: screen(() => import('./HomeScreen')) }];
