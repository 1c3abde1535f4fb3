import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

const soon = screen(() => import('./ComingSoonScreen'));

/**
 * Sidebar entries whose area is not built yet show 'Bientôt disponible'. An area that lands adds its
 * own routes to app/routes.tsx, which take these paths over; then delete its lines here.
 */
export const comingSoonRoutes: AppRoute[] = [
  { path: '/avis/formulaires', flag: 'reviews', screen: soon },
  { path: '/avis/reponses', flag: 'reviews', screen: soon },
  { path: '/stats', flag: 'stats', screen: soon },
  // deep links of the spec's routes (000 §1) whose areas are not built: the card, not the home
  { path: '/deposit/swikly', flag: 'deposits', screen: soon },
  { path: '/deposit/users-deposit', flag: 'deposits', screen: soon },
].map((r) => ({ ...r, placeholder: true }) as AppRoute);
