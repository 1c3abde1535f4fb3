import type { AppRoute } from '../../shell/screen';

/** The statistics area's screens (until they exist, features/soon shows 'Bientôt disponible' on their paths). */
export const statisticsRoutes: AppRoute[] = [];
