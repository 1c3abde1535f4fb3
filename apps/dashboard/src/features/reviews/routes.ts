import type { AppRoute } from '../../shell/screen';

/** The reviews area's screens (until they exist, features/soon shows 'Bientôt disponible' on their paths). */
export const reviewsRoutes: AppRoute[] = [];
