import type { AppRoute } from '../../app/screen';
import { screen } from '../../app/screen';

export const filesRoutes: AppRoute[] = [{ path: '/pdf', flag: 'rubrics', screen: screen(() => import('./FilesScreen')) }];
