import { SERVICES } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import type { AppRoute } from '../../shell/screen';
import { premium, screen } from '../../shell/screen';

/** Services and their planning (001 §2), services flag and the premium plan (else the upsell). */
export const servicesRoutes: AppRoute[] = [
  { path: '/services', flag: 'services', ...premium({ title: 'Mes services', crumbs: navCrumbs('/services'), message: SERVICES.upsell }), screen: screen(() => import('./ServicesScreen')) },
  {
    path: '/services/booking',
    flag: 'services',
    ...premium({ title: SERVICES.planningTitle, crumbs: navCrumbs('/services/booking'), message: SERVICES.upsell }),
    screen: screen(() => import('./planning/PlanningScreen')),
  },
];
