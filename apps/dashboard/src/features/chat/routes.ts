import type { AppRoute } from '../../shell/screen';

/** The chat area's screens (until they exist, features/soon shows 'Bientôt disponible' on their paths). */
export const chatRoutes: AppRoute[] = [];
