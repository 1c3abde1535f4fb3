import { activitiesRoutes } from '../features/activities/routes';
import { homeRoutes } from '../features/home/routes';
import { settingsRoutes } from '../features/settings/routes';
import { Navigate } from 'react-router';
import type { AppRoute } from '../shell/screen';
import { screen } from '../shell/screen';
import { appearanceRoutes } from '../features/appearance/routes';
import { filesRoutes } from '../features/files/routes';
import { bookletRoutes } from '../features/booklet/routes';
import { iconsRoutes } from '../features/icons/routes';
import { emailsRoutes } from '../features/emails/routes';
import { peopleRoutes } from '../features/people/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { inventoriesRoutes } from '../features/inventories/routes';
import { servicesRoutes } from '../features/services/routes';
import { reviewsRoutes } from '../features/reviews/routes';
import { depositsRoutes } from '../features/deposits/routes';
import { statisticsRoutes } from '../features/statistics/routes';
import { chatRoutes } from '../features/chat/routes';

/** `/users`, a route of the spec (000 §1): the users hub. */
const usersHub: AppRoute = { path: '/users', flag: 'users', screen: screen(async () => ({ default: () => <Navigate to="/utilisateurs" replace /> })) };

/** Each area's screens; an area adds its list here. */
const BUILT: AppRoute[] = [usersHub, ...homeRoutes, ...settingsRoutes, ...activitiesRoutes, ...appearanceRoutes, ...filesRoutes, ...bookletRoutes, ...iconsRoutes, ...emailsRoutes, ...peopleRoutes, ...notificationsRoutes, ...servicesRoutes, ...inventoriesRoutes, ...reviewsRoutes, ...depositsRoutes, ...statisticsRoutes, ...chatRoutes];

/** Every screen of the dashboard: each sidebar entry and the spec's deep links (000 §1). */
export const ROUTES: AppRoute[] = BUILT;

/** Paths with a real screen (a link to statistics shows only once they exist): given to the screens by ScreensProvider. */
export const BUILT_PATHS: ReadonlySet<string> = new Set(BUILT.map((r) => r.path));

export const hasScreen = (path: string): boolean => BUILT_PATHS.has(path);
