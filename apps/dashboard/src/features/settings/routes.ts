import type { AppRoute } from '../../app/screen';
import { screen } from '../../app/screen';

export const settingsRoutes: AppRoute[] = [
  { path: '/parametres', screen: screen(() => import('./PersonalSettingsScreen')) },
  { path: '/administration/parametres', flag: 'params', screen: screen(() => import('./GeneralSettingsScreen')) },
  { path: '/administration/features', flag: 'super', screen: screen(() => import('./AdminSettingsScreen')) },
];
