import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

export const filesRoutes: AppRoute[] = [{ path: '/pdf', flag: 'rubrics', screen: screen(() => import('./FilesScreen')) }];
