import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Services and their planning (001 §2), services flag; the premium plan is checked by each screen (upsell). */
export const servicesRoutes: AppRoute[] = [
  { path: '/services', flag: 'services', screen: screen(() => import('./ServicesScreen')) },
  { path: '/services/booking', flag: 'services', screen: screen(() => import('./planning/PlanningScreen')) },
];
