import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

export const activitiesRoutes: AppRoute[] = [
  { path: '/animations', flag: 'activities', screen: screen(() => import('./AnimationsScreen')) },
  { path: '/animation-dates', flag: 'activities', screen: screen(() => import('./AnimationDatesScreen')) },
  { path: '/animation-categories', flag: 'activities', screen: screen(() => import('./AnimationCategoriesScreen')) },
];
