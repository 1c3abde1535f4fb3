import { activitiesRoutes } from '../features/activities/routes';
import { homeRoutes } from '../features/home/routes';
import { settingsRoutes } from '../features/settings/routes';
import type { AppRoute } from './screen';
import { appearanceRoutes } from '../features/appearance/routes';
import { filesRoutes } from '../features/files/routes';
import { bookletRoutes } from '../features/booklet/routes';
import { iconsRoutes } from '../features/icons/routes';

/** Each area's screens; an area adds its list here. */
export const ROUTES: AppRoute[] = [...homeRoutes, ...settingsRoutes, ...activitiesRoutes, ...appearanceRoutes, ...filesRoutes, ...bookletRoutes, ...iconsRoutes];

/** Paths with a screen, for the home redirect: a section whose screen does not exist yet is skipped. */
export function hasScreen(path: string): boolean {
  return ROUTES.some((r) => r.path === path);
}
