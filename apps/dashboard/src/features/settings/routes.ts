import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

export const settingsRoutes: AppRoute[] = [
  { path: '/parametres', screen: screen(() => import('./PersonalSettingsScreen')) },
  { path: '/administration/parametres', flag: 'params', screen: screen(() => import('./GeneralSettingsScreen')) },
  { path: '/administration/features', flag: 'super', screen: screen(() => import('./AdminSettingsScreen')) },
];
