import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

export const appearanceRoutes: AppRoute[] = [
  { path: '/modules', flag: 'rubrics', screen: screen(() => import('./ModulesScreen')) },
  { path: '/menu', flag: 'rubrics', screen: screen(() => import('./MenuScreen')) },
  { path: '/themes', flag: 'rubrics', screen: screen(() => import('./ThemesScreen')) },
];
