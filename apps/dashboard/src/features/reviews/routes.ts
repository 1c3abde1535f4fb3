import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Review questionnaires and the collected reviews (001 §2), reviews flag. */
export const reviewsRoutes: AppRoute[] = [
  { path: '/avis/formulaires', flag: 'reviews', screen: screen(() => import('./ModelsScreen')) },
  { path: '/avis/reponses', flag: 'reviews', screen: screen(() => import('./ReviewsScreen')) },
];
