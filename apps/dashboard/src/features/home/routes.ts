import type { AppRoute } from '../../app/screen';
import { screen } from '../../app/screen';

export const homeRoutes: AppRoute[] = [{ path: '/', screen: screen(() => import('./HomeScreen')) }];
