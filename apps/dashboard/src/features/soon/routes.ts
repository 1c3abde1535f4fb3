import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

const soon = screen(() => import('./ComingSoonScreen'));

/**
 * Sidebar entries whose area is not built yet show 'Bientôt disponible'. An area that lands adds its
 * own routes to app/routes.tsx, which take these paths over; then delete its lines here.
 */
export const comingSoonRoutes: AppRoute[] = [
  { path: '/stats', flag: 'stats', screen: soon },
].map((r) => ({ ...r, placeholder: true }) as AppRoute);
